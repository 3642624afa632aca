import { Form, useNavigation } from '@remix-run/react'
import { LanguagesIcon } from 'lucide-react'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { Label } from '#app/components/ui/label.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { LOCALE_NAMES, LOCALES } from '#catalog/i18n.ts'
import { NativeSelect } from './native-select.tsx'

/**
 * The language of the pages, emails and PDFs (decision 074): a plain form posting `locale` to
 * `/language`, which keeps it on the account and sets this browser's cookie, then comes back
 * here. Works without JavaScript; the current value is the page's language.
 */
export function LanguageCard() {
  const { t, locale } = useT()
  const navigation = useNavigation()
  const saving = navigation.state !== 'idle' && navigation.formAction === '/language'
  return (
    <Card className="gap-4" data-testid="language-card">
      <CardHeader>
        <CardTitle asChild>
          <h2 className="flex items-center gap-2">
            <LanguagesIcon className="size-4" aria-hidden="true" />
            {t('Language')}
          </h2>
        </CardTitle>
        <CardDescription>{t('The language of the pages and of the emails and PDFs Operon sends you.')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Form method="post" action="/language" className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <input type="hidden" name="redirectTo" value="/profile" />
          <div className="grid gap-1.5 sm:w-64">
            <Label htmlFor="profile-locale">{t('Language')}</Label>
            <NativeSelect id="profile-locale" name="locale" defaultValue={locale} key={locale} data-testid="profile-locale">
              {LOCALES.map((l) => (
                <option key={l} value={l} lang={l}>
                  {LOCALE_NAMES[l]}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" disabled={saving}>
            {saving ? t('Saving…') : t('Change language')}
          </Button>
        </Form>
      </CardContent>
    </Card>
  )
}
