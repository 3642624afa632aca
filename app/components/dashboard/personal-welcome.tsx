import { initialsOf, ProfileAvatar } from '#app/components/profile/profile-avatar.tsx'
import { useT } from '#app/utils/i18n.tsx'

/** Welcome with the profile photo (or initials), the name and the whole days on Operon. */
export function PersonalWelcome({
  name,
  firstName,
  lastName,
  photo,
  daysOnOperon,
}: {
  name: string
  firstName: string
  lastName: string
  photo: string | null
  daysOnOperon: number
}) {
  const { t } = useT()
  return (
    <section aria-label={t('Welcome')} className="flex items-center gap-4 rounded-xl border bg-card p-4 shadow-sm" data-testid="welcome">
      <ProfileAvatar photo={photo} initials={initialsOf(firstName, lastName, name)} alt="" className="size-14 text-lg sm:size-16" />
      <div className="min-w-0">
        <p className="text-lg font-semibold break-words">{t('Welcome, {name}', { name })}</p>
        <p className="text-sm text-muted-foreground" data-testid="days-on-operon">
          {t('On Operon for {count, plural, one {# day} other {# days}}', { count: daysOnOperon })}
        </p>
      </div>
    </section>
  )
}
