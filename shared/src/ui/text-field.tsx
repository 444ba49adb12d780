import { useId, type InputHTMLAttributes, type Ref } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Puts the focus here when the field appears. */
  autoFocusHere?: boolean;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input in the site's field look (base.css `text-field`); `className` adds to the input's. */
export function TextField({ label, value, onChange, autoFocusHere = false, id, className, ...inputProps }: Props) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  return (
    <div className="text-field">
      <label htmlFor={inputId} className="text-field-label">
        {label}
      </label>
      <input
        id={inputId}
        className={className ? `text-field-input ${className}` : 'text-field-input'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoFocus={autoFocusHere}
        data-autofocus={autoFocusHere ? true : undefined}
        {...inputProps}
      />
    </div>
  );
}
