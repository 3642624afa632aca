import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { useState } from 'react'
import { AuthShell, BackToLogin, FormMessage } from '#app/components/auth/auth-shell.tsx'
import { Field, FieldError } from '#app/components/forms/field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { REGISTRATION_ROLES, SELF_SELECTABLE_ROLES } from '#catalog/roles.ts'
import { rich, slots } from '#app/components/auth/rich-text.tsx'
import { useT } from '#app/utils/i18n.tsx'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { configureAccountAction, configureAccountLoader, type ConfigureAccountResult } from '#app/routes/configure-account.server.ts'

/**
 * Configure account (spec: Login screen; section 5 "Role selection (external registration)"):
 * after an external sign-in of an unknown account, the user picks Driver and/or Mechanic,
 * optionally a company code to ask to join, and finishes the registration.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.title ?? 'Configure account'} · Operon` }]

export const loader = (args: LoaderFunctionArgs) => configureAccountLoader(args)
export const action = (args: ActionFunctionArgs) => configureAccountAction(args)

export default function ConfigureAccount() {
  const { title, provider, email, name } = useLoaderData<typeof loader>()
  const { t } = useT()
  const result = useActionData<typeof action>() as ConfigureAccountResult | undefined
  const busy = useNavigation().state !== 'idle'
  const hydrated = useHydrated()
  const [checked, setChecked] = useState<string[]>(result?.roles ?? [])
  const none = checked.length === 0
  const toggle = (role: string, on: boolean) => setChecked((c) => (on ? [...new Set([...c, role])] : c.filter((r) => r !== role)))

  return (
    <AuthShell title={title}>
      <p className="mb-4 text-sm text-muted-foreground">
        {email
          ? rich(
              name
                ? t('You signed in with {provider} as {email} ({name}). Choose your roles to finish creating your Operon account.', { ...slots('email'), provider, name })
                : t('You signed in with {provider} as {email}. Choose your roles to finish creating your Operon account.', { ...slots('email'), provider }),
              { email: <span className="font-medium text-foreground">{email}</span> },
            )
          : name
            ? t('You signed in with {provider} ({name}). Choose your roles to finish creating your Operon account.', { provider, name })
            : t('You signed in with {provider}. Choose your roles to finish creating your Operon account.', { provider })}
      </p>
      <Form method="post" className="space-y-5">
        <fieldset className="space-y-3" aria-describedby={result?.fieldErrors?.roles ? 'roles-error' : undefined}>
          <legend className="mb-2 text-sm font-medium">{t('Roles')}</legend>
          {SELF_SELECTABLE_ROLES.map((role) => (
            <label key={role} className="flex cursor-pointer items-center gap-3 text-sm">
              <input
                type="checkbox"
                name="roles"
                value={role}
                checked={checked.includes(role)}
                onChange={(e) => toggle(role, e.currentTarget.checked)}
                className="size-4 accent-primary"
              />
              {t(REGISTRATION_ROLES.find((r) => r.name === role)?.label ?? role)}
            </label>
          ))}
          <FieldError id="roles-error" name="roles" message={result?.fieldErrors?.roles} />
        </fieldset>
        <Field
          id="companyCode"
          name="companyCode"
          label={t('Company code (optional)')}
          errors={result?.fieldErrors}
          hint={t('To ask your company to add you with these roles. You can also do it later.')}
        >
          {(control) => <Input {...control} autoComplete="off" placeholder={t('e.g. OPR-7H2K9Q')} defaultValue={result?.companyCode} />}
        </Field>
        <FormMessage message={result?.formError && !result.fieldErrors?.roles && !result.fieldErrors?.companyCode ? result.formError : null} />
        <Button type="submit" className="w-full" disabled={busy || (hydrated && none)}>
          {t('Finish registration')}
        </Button>
      </Form>
      <BackToLogin />
    </AuthShell>
  )
}
