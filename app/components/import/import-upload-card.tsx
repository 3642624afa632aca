import { Form, useActionData, useNavigation } from '@remix-run/react'
import { UploadIcon } from 'lucide-react'
import { Field, FormError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { useT } from '#app/utils/i18n.tsx'

/**
 * "2. Upload the file" of a CSV import (the fleet's, decision 076; the fuel card's, decision 085): a plain
 * multipart form, no JavaScript needed. Test ids are `${testIdPrefix}-upload-form|-error|-submit`.
 */
export function ImportUploadCard({ testIdPrefix, fieldId, note }: { testIdPrefix: string; fieldId: string; note: string }) {
  const actionData = useActionData<{ formError?: string; fieldErrors?: Record<string, string> }>()
  const busy = useNavigation().state === 'submitting'
  const { t } = useT()
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2 className="text-base">{t('2. Upload the file')}</h2>
        </CardTitle>
      </CardHeader>
      <CardContent>
        <Form method="post" encType="multipart/form-data" className="grid gap-3" data-testid={`${testIdPrefix}-upload-form`}>
          <FormError message={actionData?.formError} testId={`${testIdPrefix}-upload-error`} />
          <Field id={fieldId} name="file" label={t('CSV file')} errors={actionData?.fieldErrors}>
            {(control) => <Input {...control} type="file" accept=".csv,text/csv" required />}
          </Field>
          <div>
            <Button type="submit" disabled={busy} data-testid={`${testIdPrefix}-upload-submit`}>
              <UploadIcon aria-hidden />
              {busy ? t('Checking the file…') : t('Check the file')}
            </Button>
          </div>
          <p className="text-xs text-muted-foreground">{note}</p>
        </Form>
      </CardContent>
    </Card>
  )
}
