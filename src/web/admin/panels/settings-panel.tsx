// The Settings tab (issue 26 #3), owner only: one form in sections — Shop, Shipping options and free
// shipping, Ship from, Tax, Marketing — checked in the browser against the contract's schema (each
// message next to its field) and saved whole; the server checks the same. The next checkout, label
// and return instructions use what is saved.
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import type { ShopSettings } from '../../../contract/settings.js';
import { Button } from '../../ui/button.js';
import { adminApi } from '../admin-api.js';
import { adminKeys, adminQueries } from '../queries/admin-queries.js';
import { QueryState } from '../queries/query-state.js';
import { useAdminMutation } from '../queries/use-admin-mutation.js';
import { PanelError, PanelStatus } from './admin-form.js';
import { InsightsSection } from './settings/insights-section.js';
import { MarketingSection } from './settings/marketing-section.js';
import { ShipFromSection } from './settings/ship-from-section.js';
import { draftOf, errorsWithin, type SettingsDraft, settingsOf } from './settings/settings-draft.js';
import { ShippingSection } from './settings/shipping-section.js';
import { ShopSection } from './settings/shop-section.js';
import { TaxSection } from './settings/tax-section.js';
import { useUnsavedWarning } from './use-unsaved-warning.js';

/** Every issue of the settings against the contract, by field path; {} when the schemas cannot load (the server checks). */
async function issuesOf(settings: ShopSettings): Promise<Record<string, string>> {
  try {
    return (await import('../queries/admin-schemas.js')).allIssues('saveSettings', settings);
  } catch {
    return {};
  }
}

export default function SettingsPanel() {
  const settings = useQuery(adminQueries.settings());
  return (
    <div className="admin-panel">
      <QueryState query={settings} empty={null} isEmpty={() => false}>
        {(saved) => <SettingsForm saved={saved} />}
      </QueryState>
    </div>
  );
}

function Section({ title, lede, children }: { title: string; lede?: string; children: ReactNode }) {
  const id = `settings-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="admin-settings__section" aria-labelledby={id}>
      <h2 id={id} className="admin-settings__heading">
        {title}
      </h2>
      {lede && <p className="admin-panel__lede">{lede}</p>}
      {children}
    </section>
  );
}

function SettingsForm({ saved }: { saved: ShopSettings }) {
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(saved));
  const [dirty, setDirty] = useState(false);
  const [justSaved, setJustSaved] = useState(false);
  const [issues, setIssues] = useState<Record<string, string>>({});
  useUnsavedWarning(dirty);

  const save = useAdminMutation({
    call: (body: ShopSettings) => adminApi.saveSettings(body),
    invalidates: [adminKeys.settings],
    onSuccess: () => {
      setDirty(false);
      setJustSaved(true);
    },
  });

  const edit =
    <K extends keyof SettingsDraft>(section: K) =>
    (next: SettingsDraft[K]) => {
      setDraft((d) => ({ ...d, [section]: next }));
      setDirty(true);
      setJustSaved(false);
    };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = settingsOf(draft);
    const found = await issuesOf(body);
    setIssues(found);
    if (Object.keys(found).length > 0) return;
    await save.run(body);
  };

  const count = Object.keys(issues).length;
  return (
    <form className="admin-settings" onSubmit={(e) => void submit(e)} noValidate aria-label="Shop settings">
      {/* The Shop and Marketing sections carry their own frame and heading. */}
      <ShopSection value={draft.shop} onChange={edit('shop')} errors={errorsWithin(issues, 'shop')} />
      <Section
        title="Shipping options"
        lede="What checkout offers, in this order. US addresses see the US options, others the international ones."
      >
        <ShippingSection value={draft.shipping} onChange={edit('shipping')} errors={errorsWithin(issues, 'shipping')} />
      </Section>
      <Section title="Ship from" lede="The sender on shipping labels, and where returns are sent.">
        <ShipFromSection value={draft.shipFrom} onChange={edit('shipFrom')} errors={errorsWithin(issues, 'shipFrom')} />
      </Section>
      <Section title="Tax">
        <TaxSection value={draft.tax} onChange={edit('tax')} errors={errorsWithin(issues, 'tax')} />
      </Section>
      <MarketingSection
        value={draft.marketing}
        onChange={edit('marketing')}
        errors={errorsWithin(issues, 'marketing')}
      />
      <InsightsSection value={draft.insights} onChange={edit('insights')} errors={errorsWithin(issues, 'insights')} />
      <div className="admin-settings__actions">
        <Button type="submit" disabled={save.pending}>
          {save.pending ? 'Saving…' : 'Save settings'}
        </Button>
        <PanelStatus message={justSaved ? 'Saved' : null} />
        <PanelError
          message={
            count > 0 ? `Please check ${count === 1 ? 'the field' : `the ${count} fields`} marked above.` : save.error
          }
        />
      </div>
    </form>
  );
}
