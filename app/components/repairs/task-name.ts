import { DAMAGE_SIDES } from '#catalog/defects.ts'

/**
 * A repair task's name in the page's language. Stored names are English: a checklist item's
 * label (translated as it is), or `Damage: front` for a damage report side.
 */
export function repairTaskName(t: (id: string, values?: Record<string, unknown>) => string, name: string): string {
  const side = /^Damage: (.+)$/.exec(name)?.[1]
  const label = side === undefined ? undefined : DAMAGE_SIDES.find((s) => s.label.toLowerCase() === side)?.label
  return label ? t('Damage: {side}', { side: t(label).toLowerCase() }) : t(name)
}
