/** What a placeholder names: `{{ inputs.user_id }}` or `{{ env.API_BASE }}`. */
export interface ValueRef {
  readonly scope: 'inputs' | 'env';
  readonly name: string;
}

export function formatRef(ref: ValueRef): string {
  return `{{ ${ref.scope}.${ref.name} }}`;
}
