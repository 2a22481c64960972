import { defineWidget, useText, type WidgetProps } from '@kopa/react';

/** This app's own node type: `{ "type": "promo-badge", "label": "...", "tone": "gold" }`. */
export interface PromoBadgeNode {
  type: 'promo-badge';
  label: string;
  tone?: 'gold' | 'silver';
}

function PromoBadge({ node, pointer }: WidgetProps<PromoBadgeNode>) {
  // Bindings in the label ({{ ... }}) resolve like a built-in widget's texts.
  const label = useText(node.label, `${pointer}/label`);
  return <strong className={`promo-badge promo-badge--${node.tone ?? 'gold'}`}>{label}</strong>;
}

export const promoBadge = defineWidget<PromoBadgeNode>({
  component: PromoBadge,
  check: (node) =>
    typeof node.label === 'string' && node.label !== ''
      ? null
      : 'a promo-badge needs a "label" text',
});
