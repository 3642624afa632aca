import { initialsOf, ProfileAvatar } from '#app/components/profile/profile-avatar.tsx'

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
  return (
    <section aria-label="Welcome" className="flex items-center gap-4 rounded-xl border bg-card p-4 shadow-sm" data-testid="welcome">
      <ProfileAvatar photo={photo} initials={initialsOf(firstName, lastName, name)} alt="" className="size-14 text-lg sm:size-16" />
      <div className="min-w-0">
        <p className="text-lg font-semibold break-words">Welcome, {name}</p>
        <p className="text-sm text-muted-foreground" data-testid="days-on-operon">
          On Operon for {daysOnOperon.toLocaleString('en-US')} {daysOnOperon === 1 ? 'day' : 'days'}
        </p>
      </div>
    </section>
  )
}
