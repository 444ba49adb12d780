import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';

export default function CookiesPage() {
  return <PageLayout title="Cookie Policy" lead="The cookies and browser storage this site uses, and what each one is for." />;
}
