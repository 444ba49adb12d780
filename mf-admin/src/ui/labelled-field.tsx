import { useId, type ReactNode } from 'react';

/** A field in the site's look: its label, then the control `children` renders with the id the label names. */
export function LabelledField({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className="text-field">
      <label htmlFor={id} className="text-field-label">
        {label}
      </label>
      {children(id)}
    </div>
  );
}
