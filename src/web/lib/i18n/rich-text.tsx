import { Fragment, type ReactNode } from 'react';

/**
 * A message with tagged parts (`"Read the <link>terms</link>"`) drawn with an element for each tag:
 * `<RichText text={t('auth.terms')} tags={{ link: (words) => <a href="/terms">{words}</a> }} />`. Tags
 * do not nest; an unknown tag's words are drawn plain.
 */
export function RichText({ text, tags }: { text: string; tags: Readonly<Record<string, (words: string) => ReactNode>> }) {
  const parts: ReactNode[] = [];
  const pattern = /<([a-zA-Z][\w-]*)>([\s\S]*?)<\/\1>/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const [whole, name = '', words = ''] = match;
    if (match.index > last) parts.push(text.slice(last, match.index));
    const draw = tags[name];
    parts.push(<Fragment key={match.index}>{draw ? draw(words) : words}</Fragment>);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
