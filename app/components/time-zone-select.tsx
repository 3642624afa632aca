import * as React from 'react'
import { NativeSelect } from '#app/components/profile/native-select.tsx'
import { deviceTimeZone } from '#app/utils/dates.ts'

/**
 * A new company's time zone (decision 063): a plain `<select>` of the server's IANA zones. The
 * page renders `defaultValue` (what was submitted, else the default zone); once JavaScript runs,
 * a select the user has not touched takes the browser's own zone when the list has it.
 */
export function TimeZoneSelect({
  zones,
  defaultValue,
  guess,
  ...props
}: Omit<React.ComponentProps<'select'>, 'defaultValue' | 'children'> & {
  zones: readonly string[]
  defaultValue: string
  /** False when the value was chosen already (a refused form coming back): keep it. */
  guess: boolean
}) {
  const ref = React.useRef<HTMLSelectElement>(null)
  React.useEffect(() => {
    const select = ref.current
    if (!guess || !select || select.dataset.touched) return
    const browser = deviceTimeZone()
    if (zones.includes(browser)) select.value = browser
  }, [guess, zones])
  return (
    <NativeSelect
      ref={ref}
      name="timeZone"
      required
      defaultValue={defaultValue}
      onChange={(e) => {
        e.currentTarget.dataset.touched = '1'
      }}
      {...props}
    >
      {zones.map((z) => (
        <option key={z} value={z}>
          {z.replaceAll('_', ' ')}
        </option>
      ))}
    </NativeSelect>
  )
}
