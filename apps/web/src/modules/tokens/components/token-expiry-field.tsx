import { SelectField } from '@/modules/ui/components/fields';

/**
 * How long a new token lasts. The values are the ones both create-token actions accept
 * (workspace API tokens and personal access tokens), so the two forms offer the same choices.
 */
export function TokenExpiryField({
  defaultValue = '90',
  error,
}: {
  defaultValue?: string | undefined;
  error?: string | undefined;
}) {
  return (
    <SelectField label="Expires" name="expiresInDays" defaultValue={defaultValue} error={error}>
      <option value="7">In 7 days</option>
      <option value="30">In 30 days</option>
      <option value="90">In 90 days</option>
      <option value="365">In a year</option>
      <option value="never">Never</option>
    </SelectField>
  );
}
