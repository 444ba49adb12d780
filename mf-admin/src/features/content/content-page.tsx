import { ConsolePage } from '../../ui/console-page';

/**
 * The place of the marketing-content editor (issue 33): the API reserves `/api/admin/content*` for it and answers
 * 404 there until the content versions are merged, so this page only says so.
 */
export default function ContentPage() {
  return (
    <ConsolePage title="Content" lead="Landing copy, FAQ, about, contest prizes, reviews and the legal pages.">
      <p>Editing content here is coming. Until then, publish a content file from the command line:</p>
      <pre>
        <code>pnpm ops content:publish faq.json --reason &quot;…&quot;</code>
      </pre>
    </ConsolePage>
  );
}
