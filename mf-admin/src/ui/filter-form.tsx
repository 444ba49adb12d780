import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@rewards/shared/router';
import { FilterBar } from './filter-bar';
import { FilterSelect } from './filter-select';
import { LabelledField } from './labelled-field';
import styles from './filter-form.module.css';

type Filters = Record<string, string | undefined>;

type Props<F extends Filters, S extends keyof F & string> = {
  /** The form's name for screen readers: "Filter the audit log". */
  label: string;
  submitLabel: string;
  /** The filters the page's address holds now (what the list shows). */
  filters: F;
  textFilters: ReadonlyArray<{ name: keyof F & string; label: string }>;
  select: { name: S; label: string; options: ReadonlyArray<{ value: NonNullable<F[S]>; label: string }> };
};

/**
 * A list's filters: text fields and one select, applied with the button into the page's address (so back
 * works); empty fields are left out of it.
 */
export function FilterForm<F extends Filters, S extends keyof F & string>({ label, submitLabel, filters, textFilters, select }: Props<F, S>) {
  const [, setParams] = useSearchParams();
  const [draft, setDraft] = useState(filters);
  const change = (name: keyof F & string, value: string) => setDraft((current) => ({ ...current, [name]: value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const entries = Object.entries(draft).map(([name, value]) => [name, (value ?? '').trim()] as const);
    setParams(Object.fromEntries(entries.filter(([, value]) => value !== '')));
  };
  return (
    <form role="search" aria-label={label} className={styles.form} onSubmit={apply}>
      <FilterBar>
        {textFilters.map(({ name, label: fieldLabel }) => (
          <TextFilter key={name} label={fieldLabel} value={draft[name] ?? ''} onChange={(value) => change(name, value)} />
        ))}
        <FilterSelect
          label={select.label}
          value={(draft[select.name] ?? '') as NonNullable<F[S]>}
          options={select.options}
          onChange={(value) => change(select.name, value)}
        />
      </FilterBar>
      <button type="submit" className="pill-button">
        {submitLabel}
      </button>
    </form>
  );
}

function TextFilter({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return (
    <LabelledField label={label}>
      {(id) => <input id={id} className="text-field-input" value={value} maxLength={200} onChange={(event) => onChange(event.target.value)} />}
    </LabelledField>
  );
}
