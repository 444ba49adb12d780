import { useId } from 'react';

type Props<V extends string> = { label: string; value: V; options: ReadonlyArray<{ value: V; label: string }>; onChange: (value: V) => void };

/** A labelled select in the site's field look. */
export function FilterSelect<V extends string>({ label, value, options, onChange }: Props<V>) {
  const id = useId();
  return (
    <div className="text-field">
      <label htmlFor={id} className="text-field-label">
        {label}
      </label>
      <select id={id} className="text-field-input" value={value} onChange={(event) => onChange(event.target.value as V)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
