// Controls the admin panels share: a labelled textarea and select in the look of ui/form-field, a
// whole-number table cell, the panel's status and error lines, and the frame of an admin table.
import {
  useId,
  type ComponentProps,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { FormField } from '../../ui/form-field.js';

export function TextAreaField({
  label,
  hint,
  ...rest
}: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint?: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <textarea
        id={id}
        className="field__input admin-textarea"
        aria-describedby={hint ? `${id}-hint` : undefined}
        {...rest}
      />
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  label,
  children,
  ...rest
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <select id={id} className="field__input" {...rest}>
        {children}
      </select>
    </div>
  );
}

/** A number input for a count of 0 or more (stock, a position) in a table cell, labelled for screen readers only. */
export function CountField(props: ComponentProps<typeof FormField>) {
  return <FormField hideLabel type="number" min={0} step={1} {...props} />;
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

/** An admin table in its scrolling frame: a header row of `columns`, and `children` as the body's rows. */
export function AdminTable({
  className,
  columns,
  children,
}: {
  className?: string;
  columns: ReactNode[];
  children: ReactNode;
}) {
  return (
    <div className="admin-table-wrap">
      <table className={className ? `admin-table ${className}` : 'admin-table'}>
        <thead>
          <tr>
            {columns.map((column, i) => (
              <th key={i} scope="col">
                {column}
              </th>
            ))}
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
