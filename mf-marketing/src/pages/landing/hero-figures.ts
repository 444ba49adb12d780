/** The landing hero's marketing figures (spec §1, §9), shown as written. */
export const HERO_FIGURES = [
  { value: '$119.47', label: 'paid for a single offer' },
  { value: '233', label: 'offers to choose from' },
  { value: '58588+', label: 'sign-ups in 24 h' },
] as const;
