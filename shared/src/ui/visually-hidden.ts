import styles from './visually-hidden.module.css';

/** Class of text for screen readers only (a table caption, "Sign in with" before a logo button). */
export const visuallyHidden = styles.hidden;
