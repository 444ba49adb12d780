import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useT } from '../messages';
import styles from './search-form.module.css';

type Props = {
  label: string;
  initial: string;
  placeholder?: string;
  onSearch: (text: string) => void;
  /** More filters beside the text (selects). */
  children?: ReactNode;
};

/** A labelled search box with its button; the page keeps what was searched in its address (back works). */
export function SearchForm({ label, initial, placeholder, onSearch, children }: Props) {
  const t = useT();
  const [text, setText] = useState(initial);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <div className={`text-field ${styles.field}`}>
        <label htmlFor={id} className="text-field-label">
          {label}
        </label>
        <input id={id} type="search" className="text-field-input" value={text} placeholder={placeholder} maxLength={200} onChange={(event) => setText(event.target.value)} />
      </div>
      {children}
      <button type="submit" className={`pill-button ${styles.button}`}>
        {t('admin.search.submit')}
      </button>
    </form>
  );
}
