// Controls the admin panels share: a labelled textarea and select in the look of ui/form-field (with
// a field's error), a whole-number table cell, the panel's status and error lines, and the frame of
// an admin table.
import {
  useId,
  type ComponentProps,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import type { Category } from '../../../contract/content.js';
import { Button } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';

export function TextAreaField({
  label,
  hint,
  error,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode; error?: ReactNode }) {
  const id = useId();
  const message = error ?? hint;
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="field__input admin-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={message ? `${id}-message` : undefined}
        {...rest}
      />
      {message && (
        <p id={`${id}-message`} className={error ? 'field__error' : 'field__hint'}>
          {message}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  label,
  error,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select
        id={id}
        className="field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        {...rest}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-message`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

/** A category select's options: none, each category, and the item's own key when no category has it (any more). */
export function CategoryOptions({ categories, current }: { categories: Category[]; current: string }) {
  return (
    <>
      <option value="">No category</option>
      {categories.map((c) => (
        <option key={c.key} value={c.key}>
          {c.title}
        </option>
      ))}
      {current && !categories.some((c) => c.key === current) && <option value={current}>{current}</option>}
    </>
  );
}

/** An on/off checkbox announced as a switch, its label the children. */
export function SwitchField({
  className,
  checked,
  onChange,
  children,
}: {
  className: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="checkbox"
        role="switch"
        aria-checked={checked}
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}

/** A number input for a count of 0 or more (stock, a position) in a table cell, labelled for screen readers only. */
export function CountField(props: ComponentProps<typeof FormField>) {
  return <FormField hideLabel type="number" min={0} step={1} {...props} />;
}

/** The catalog's search box: items by title, searched on the server. */
export function TitleSearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <FormField
      label="Search by title"
      type="search"
      className="admin-search"
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** A form's Save (disabled while it saves, or while it may not) and Cancel. */
export function EditorActions({
  disabled,
  onCancel,
  className = 'admin-editor__actions',
}: {
  disabled: boolean;
  onCancel: () => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <Button type="submit" disabled={disabled}>
        Save
      </Button>
      <Button variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
    </div>
  );
}

/** The panel's word on what just happened (role=status), when there is one. */
export function PanelStatus({ message }: { message: ReactNode }) {
  if (!message) return null;
  return (
    <p className="admin-panel__ok" role="status">
      {message}
    </p>
  );
}

/** What went wrong in the panel (role=alert), when anything did. */
export function PanelError({ message, className }: { message: ReactNode; className?: string }) {
  if (!message) return null;
  return (
    <p className={className ? `admin-panel__error ${className}` : 'admin-panel__error'} role="alert">
      {message}
    </p>
  );
}

/** A column heading; `hidden` keeps it for screen readers only (an actions column). */
export type Column = string | { label: string; hidden: true };

/** An admin table in its scrolling frame: a header row of `columns`, and `children` as the body's rows. */
export function AdminTable({
  className,
  columns,
  children,
}: {
  className?: string;
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === 'string' ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.label} scope="col">
                  <span className="visually-hidden">{column.label}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

/** A datetime-local value ("2026-11-23T17:30") for an instant, in the browser's time zone. */
export function toLocalInput(date: Date): string {
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
