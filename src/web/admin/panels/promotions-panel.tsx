// Promotions editor (spec §2, §3 Promotion, §4 create/edit mode, §9 promo rate as a percent): the
// campaign codes with their discount, payout, uses and expiry, and the create/edit form. In edit mode
// the code and type are locked; the 'Performance access pass' is only ever set, never shown.
import { useQuery } from '@tanstack/react-query';
import { Fragment, useState, type FormEvent } from 'react';
import type {
  AdminPromotion,
  CreatePromotionBody,
  PromoType,
  UpdatePromotionBody,
} from '../../../contract/promotions.js';
import { formatPrice, promoPercentLabel, toCents } from '../../../domain/money.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { adminApi } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { useFormCheck } from '../queries/form-check.js';
import { QueryState } from '../queries/query-state.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { useMe } from '../queries/use-me.js';
import { AdminTable, EditorActions, formatDateTime, PanelError, SelectField, toLocalInput } from './admin-form.js';

export const DELETE_PROMO_QUESTION = (code: string) =>
  `Are you sure you want to permanently delete the promo code ${code}?`;

/** '-10 %' for a rate of 0.9, '-$20' for twenty dollars; '' when the input is not a usable number. */
export function discountLabel(type: PromoType, discount: number): string {
  if (!Number.isFinite(discount) || discount <= 0) return '';
  if (type === 'percentage') {
    if (discount >= 1) return '';
    return `${promoPercentLabel(Math.round(discount * 10_000))} %`;
  }
  return `-${formatPrice(toCents(discount))}`;
}

const TYPE_LABEL: Record<PromoType, string> = { percentage: 'Percentage', dollarAmount: 'Dollar amount' };

export default function PromotionsPanel() {
  const promos = useQuery(adminQueries.promotions());
  const [editing, setEditing] = useState<AdminPromotion | 'new' | null>(null);
  const remove = useAdminMutation({ call: adminApi.deletePromotion, invalidates: [adminKeys.promotions] });

  if (editing) {
    return <PromotionEditor promo={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />;
  }

  const askRemove = (p: AdminPromotion) => {
    if (window.confirm(DELETE_PROMO_QUESTION(p.code))) void remove.run(p._id);
  };

  return (
    <div className="admin-panel">
      <div className="admin-panel__bar">
        <p className="admin-panel__lede">
          Campaign promo codes. Orders placed with a deleted code keep their own copy of it.
        </p>
        <Button onClick={() => setEditing('new')}>Create New Promotion</Button>
      </div>
      <PanelError message={remove.error} />
      <QueryState query={promos} empty="No promotions yet.">
        {(list) => (
          <AdminTable columns={['Code', 'Type', 'Discount', 'Payout', 'Uses', 'Expires', 'Actions']}>
            {list.map((p) => (
              <tr key={p._id}>
                <th scope="row" className="admin-table__strong">
                  {p.code}
                  {p.hasPassword && <span className="admin-table__note">Pass set</span>}
                </th>
                <td>
                  <span className={`admin-tag admin-tag--${p.type === 'percentage' ? 'info' : 'success'}`}>
                    {TYPE_LABEL[p.type]}
                  </span>
                </td>
                <td>{discountLabel(p.type, p.discount)}</td>
                <td>{formatPrice(toCents(p.payout))}</td>
                <td>
                  {p.usedCount}/{p.usageLimit ?? '∞'}
                </td>
                <td>
                  {p.expiresAt ? formatDateTime(p.expiresAt) : 'Never'}
                  {[
                    p.expiresAt && Date.parse(p.expiresAt) <= Date.now() && 'Expired',
                    p.usageLimit !== null && p.usedCount >= p.usageLimit && 'Used up',
                  ]
                    .filter(Boolean)
                    .map((tag) => (
                      <Fragment key={String(tag)}>
                        {' '}
                        <span className="admin-tag admin-tag--warning">{tag}</span>
                      </Fragment>
                    ))}
                </td>
                <td>
                  <div className="admin-inline">
                    <Button variant="ghost" onClick={() => setEditing(p)} aria-label={`Edit ${p.code}`}>
                      Edit
                    </Button>
                    <Button variant="ghost" onClick={() => askRemove(p)} aria-label={`Delete ${p.code}`}>
                      Delete
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
        )}
      </QueryState>
    </div>
  );
}

function PromotionEditor({ promo, onDone }: { promo: AdminPromotion | null; onDone: () => void }) {
  const editMode = promo !== null;
  // The promoter's side (pass and payout) is the owner's: staff neither see nor send it (the server refuses it too).
  const { isOwner } = useMe();
  const [code, setCode] = useState(promo?.code ?? '');
  const [type, setType] = useState<PromoType>(promo?.type ?? 'percentage');
  const [discount, setDiscount] = useState(promo ? String(promo.discount) : '');
  const [password, setPassword] = useState('');
  const [payout, setPayout] = useState(promo ? String(promo.payout) : '0');
  const [usageLimit, setUsageLimit] = useState(promo?.usageLimit ? String(promo.usageLimit) : '');
  const [expires, setExpires] = useState(promo?.expiresAt ? toLocalInput(new Date(promo.expiresAt)) : '');
  const [missing, setMissing] = useState(false);
  const form = useFormCheck();
  // A refused save (a taken code) answers with the browser's alert, as the promotions journey expects.
  const save = useAdminMutation({
    call: (body: CreatePromotionBody | UpdatePromotionBody) =>
      promo
        ? adminApi.updatePromotion(body as UpdatePromotionBody)
        : adminApi.createPromotion(body as CreatePromotionBody),
    invalidates: [adminKeys.promotions],
    onSuccess: onDone,
    errorIn: 'browser alert',
  });

  const shown = discountLabel(type, Number(discount));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setMissing(!code.trim() || !discount.trim());
    if (!code.trim() || !discount.trim()) return;
    const fields = {
      discount: Number(discount),
      ...(isOwner ? { payout: payout.trim() ? Number(payout) : 0 } : {}),
      usageLimit: usageLimit.trim() ? Number(usageLimit) : null,
      expiresAt: expires ? new Date(expires).toISOString() : null,
      ...(isOwner && password ? { password } : {}),
    };
    const body = promo ? { _id: promo._id, ...fields } : { code: code.trim(), type, ...fields };
    if (await form.check(promo ? 'updatePromotion' : 'createPromotion', body)) await save.run(body);
  };

  return (
    <form className="admin-panel admin-editor" onSubmit={(e) => void submit(e)} noValidate>
      <h2 className="admin-editor__title">{editMode ? `Edit promotion ${promo.code}` : 'New promotion'}</h2>
      <div className="admin-editor__fields">
        <FormField
          label="Promo code"
          value={code}
          disabled={editMode}
          hint={editMode ? 'The code cannot be changed.' : 'Letters, digits, - and _ only.'}
          error={form.issueOf('code')}
          onChange={(e) => setCode(e.target.value)}
        />
        <SelectField
          label="Type"
          value={type}
          disabled={editMode}
          error={form.issueOf('type')}
          onChange={(e) => setType(e.target.value as PromoType)}
        >
          <option value="percentage">Percentage (a rate: 0.9 = 10% off)</option>
          <option value="dollarAmount">Dollar amount</option>
        </SelectField>
        <FormField
          label={type === 'percentage' ? 'Discount rate' : 'Discount (dollars)'}
          type="number"
          inputMode="decimal"
          step={type === 'percentage' ? '0.01' : '0.01'}
          min="0"
          max={type === 'percentage' ? '0.99' : undefined}
          value={discount}
          error={form.issueOf('discount')}
          hint={
            shown
              ? `Shown as ${shown}`
              : type === 'percentage'
                ? 'A rate between 0 and 1, e.g. 0.9 for -10 %'
                : 'Dollars off the order'
          }
          onChange={(e) => setDiscount(e.target.value)}
        />
        {isOwner && (
          <>
            <FormField
              label="Performance access pass"
              type="password"
              autoComplete="new-password"
              placeholder={editMode ? 'set a new pass' : 'at least 8 characters (optional)'}
              value={password}
              error={form.issueOf('password')}
              hint={
                editMode
                  ? promo.hasPassword
                    ? 'A pass is set; leave empty to keep it.'
                    : 'No pass yet.'
                  : 'The promoter opens the performance report with it.'
              }
              onChange={(e) => setPassword(e.target.value)}
            />
            <FormField
              label="Payout (dollars per order)"
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              value={payout}
              error={form.issueOf('payout')}
              onChange={(e) => setPayout(e.target.value)}
            />
          </>
        )}
        <FormField
          label="Usage limit"
          type="number"
          inputMode="numeric"
          step="1"
          min="1"
          placeholder="no limit"
          value={usageLimit}
          error={form.issueOf('usageLimit')}
          onChange={(e) => setUsageLimit(e.target.value)}
        />
        <FormField
          label="Expires"
          type="datetime-local"
          value={expires}
          error={form.issueOf('expiresAt')}
          hint="Leave empty for no expiry."
          onChange={(e) => setExpires(e.target.value)}
        />
      </div>
      <PanelError
        message={
          missing
            ? 'Please enter the promo code and its discount.'
            : form.otherIssue(['code', 'type', 'discount', 'password', 'payout', 'usageLimit', 'expiresAt'])
        }
      />
      <EditorActions disabled={save.pending} onCancel={onDone} />
    </form>
  );
}
