/**
 * The markup the boot module draws, by name, as the build renders it from the screens' own
 * components (build/first-paint/templates.tsx, decision 0057): `{{slot}}` marks a customer's data.
 */
export interface FirstPaintTemplates {
  banner: string;
  loginHint: string;
  noticeRead: string;
  noticeUnread: string;
  noticeSkeleton: string;
  rightCard: string;
  rightsSkeleton: string;
  mineCounts: string;
  messagesBar: string;
  rightsTabs: string;
  mineHeader: string;
  homeNewHeader: string;
  homeNewBanner: string;
  noticeTicker: string;
  rightsSummary: string;
}

/**
 * The element `template` makes, its slots filled from `values` as text (or attribute text),
 * never as markup: an unknown slot is left empty.
 */
export function fromTemplate(template: string, values: Record<string, string> = {}): HTMLElement {
  const holder = document.createElement('template');
  holder.innerHTML = template;
  const root = holder.content.firstElementChild as HTMLElement;
  const fill = (text: string) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node: Node | null = root; node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) {
      if (node.nodeValue?.includes('{{')) node.nodeValue = fill(node.nodeValue);
    } else
      for (const attribute of (node as Element).attributes)
        if (attribute.value.includes('{{')) attribute.value = fill(attribute.value);
  }
  return root;
}
