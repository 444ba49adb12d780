import { LabelledField } from './labelled-field';

type Props<V extends string> = { label: string; value: V; options: ReadonlyArray<{ value: V; label: string }>; onChange: (value: V) => void };

/** A labelled select in the site's field look. */
export function FilterSelect<V extends string>({ label, value, options, onChange }: Props<V>) {
  return (
    <LabelledField label={label}>
      {(id) => (
        <select id={id} className="text-field-input" value={value} onChange={(event) => onChange(event.target.value as V)}>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
