import { Field } from '#app/components/forms/field.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { useT } from '#app/utils/i18n.tsx'

/**
 * The document of a driver file item or a test (decision 086), on the add and change forms: a
 * file input (a plain multipart post, no JavaScript needed) and, when one is kept, the choice to
 * remove it. `hint` says what the document is.
 */
export function RecordDocumentFields({ prefix, errors, hasDocument, hint }: { prefix: string; errors: Record<string, string>; hasDocument: boolean; hint: string }) {
  const { t } = useT()
  return (
    <>
      {hasDocument ? (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" name="removeDocument" value="true" className="size-4" />
          {t('Remove the document')}
        </label>
      ) : null}
      <Field id={`${prefix}-document`} name="document" label={hasDocument ? t('Replace the document') : t('Document (optional)')} hint={hint} errors={errors}>
        {(p) => <Input {...p} type="file" />}
      </Field>
    </>
  )
}
