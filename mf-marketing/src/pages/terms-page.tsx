import { BRAND_NAME } from '@rewards/shared/brand';
import { PageLayout } from '@rewards/shared/ui/page-layout.tsx';

export default function TermsPage() {
  return <PageLayout title="Terms of Service" lead={`The rules that apply whenever you use ${BRAND_NAME}.`} />;
}
