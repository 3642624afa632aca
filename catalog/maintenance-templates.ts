/**
 * Ready service programs an owner copies and then edits (issue 35, decision 084): PM-A / PM-B /
 * PM-C, oil and filter, brake inspection, and California's fixed bus inspections with their
 * sections cited. Texts are English marked with `msg()` (Spanish in catalog/locales/
 * maintenance-programs.ts); a copy is stored in the copier's language. Browser-safe.
 *
 * Intervals are "whichever comes first"; each "due soon" threshold is in the same unit and smaller
 * than its interval. The numbers are common industry practice, not a manufacturer's schedule:
 * the owner adjusts them to the bus's manual after copying.
 */
import { msg } from './i18n.ts'

export interface ServiceTemplateTask {
  name: string
  checklist: string | null
  intervalDays: number | null
  intervalMiles: number | null
  intervalHours: number | null
  soonDays: number | null
  soonMiles: number | null
  soonHours: number | null
}

export interface ServiceTemplate {
  key: string
  name: string
  /** What the program is for; becomes the copy's description. */
  description: string
  /** Where the numbers come from (a rule's section, or "common practice"): shown beside the template. */
  help: string
  tasks: readonly ServiceTemplateTask[]
}

const task = (t: Partial<ServiceTemplateTask> & { name: string }): ServiceTemplateTask => ({
  checklist: null,
  intervalDays: null,
  intervalMiles: null,
  intervalHours: null,
  soonDays: null,
  soonMiles: null,
  soonHours: null,
  ...t,
})

export const SERVICE_TEMPLATES: readonly ServiceTemplate[] = [
  {
    key: 'pm-a',
    name: msg('PM-A'),
    description: msg('Light preventive maintenance: a walk-around service between oil changes.'),
    help: msg('Common practice: every 6,000 miles or 45 days, whichever comes first. Adjust to the bus manufacturer’s schedule.'),
    tasks: [
      task({
        name: msg('PM-A service'),
        checklist: msg(
          'Check engine oil, coolant, power steering and transmission fluid levels\nInspect belts and hoses\nCheck tire pressure and tread depth\nCheck lights, horn, wipers and mirrors\nCheck brake adjustment and air system for leaks\nLubricate chassis',
        ),
        intervalDays: 45,
        intervalMiles: 6000,
        soonDays: 7,
        soonMiles: 500,
      }),
    ],
  },
  {
    key: 'pm-b',
    name: msg('PM-B'),
    description: msg('Intermediate preventive maintenance: PM-A plus oil and filters.'),
    help: msg('Common practice: every 12,000 miles or 90 days, whichever comes first. Adjust to the bus manufacturer’s schedule.'),
    tasks: [
      task({
        name: msg('PM-B service'),
        checklist: msg(
          'Everything in PM-A\nChange engine oil and oil filter\nReplace fuel filters\nInspect air filter and air dryer\nInspect steering and suspension components\nInspect exhaust system',
        ),
        intervalDays: 90,
        intervalMiles: 12000,
        intervalHours: 500,
        soonDays: 14,
        soonMiles: 1000,
        soonHours: 25,
      }),
    ],
  },
  {
    key: 'pm-c',
    name: msg('PM-C'),
    description: msg('Major preventive maintenance, once a year: PM-B plus fluids and a full chassis inspection.'),
    help: msg('Common practice: every 36,000 miles or 365 days, whichever comes first. Adjust to the bus manufacturer’s schedule.'),
    tasks: [
      task({
        name: msg('PM-C service'),
        checklist: msg(
          'Everything in PM-B\nChange transmission and differential fluids\nReplace coolant filter and test coolant\nInspect wheel bearings and brake linings\nInspect frame, body mounts and emergency exits\nTest batteries and charging system',
        ),
        intervalDays: 365,
        intervalMiles: 36000,
        soonDays: 30,
        soonMiles: 2000,
      }),
    ],
  },
  {
    key: 'oil-filter',
    name: msg('Oil and filter'),
    description: msg('Engine oil and oil filter change.'),
    help: msg('Common practice: every 10,000 miles, 500 engine hours or 180 days, whichever comes first. Use the interval of the engine’s oil specification.'),
    tasks: [
      task({
        name: msg('Change engine oil and filter'),
        checklist: msg('Drain engine oil\nReplace oil filter\nRefill with the specified oil\nCheck for leaks\nReset the oil-life monitor'),
        intervalDays: 180,
        intervalMiles: 10000,
        intervalHours: 500,
        soonDays: 14,
        soonMiles: 1000,
        soonHours: 25,
      }),
    ],
  },
  {
    key: 'brakes',
    name: msg('Brake inspection'),
    description: msg('Brake system inspection and adjustment.'),
    help: msg('Common practice: every 12,000 miles or 90 days, whichever comes first (49 CFR 396.3 asks for systematic inspection of brakes).'),
    tasks: [
      task({
        name: msg('Inspect and adjust brakes'),
        checklist: msg(
          'Measure pushrod stroke and adjust slack adjusters\nInspect linings, drums and rotors\nCheck air compressor, governor and air-loss rate\nInspect hoses and lines\nTest parking brake',
        ),
        intervalDays: 90,
        intervalMiles: 12000,
        soonDays: 14,
        soonMiles: 1000,
      }),
    ],
  },
  {
    key: 'ca-school-bus',
    name: msg('California school bus inspection'),
    description: msg('The periodic safety inspection of a California school bus.'),
    help: msg('California Code of Regulations, title 13, section 1232: a school bus is inspected at least every 45 days or 3,000 miles, whichever comes first.'),
    tasks: [
      task({
        name: msg('School bus inspection (13 CCR 1232)'),
        checklist: msg(
          'Brakes and air system\nSteering and suspension\nTires and wheels\nLights, reflectors and stop arm\nEmergency exits and their alarms\nSeats, floor and passenger area\nFire extinguisher and first-aid kit',
        ),
        intervalDays: 45,
        intervalMiles: 3000,
        soonDays: 7,
        soonMiles: 300,
      }),
    ],
  },
  {
    key: 'ca-tour-bus',
    name: msg('California tour bus inspection'),
    description: msg('The periodic safety inspection of a California tour bus.'),
    help: msg('California Vehicle Code section 34505: a tour bus is inspected, and the inspection recorded, at least every 45 days.'),
    tasks: [
      task({
        name: msg('Tour bus inspection (Vehicle Code 34505)'),
        checklist: msg('Brakes and air system\nSteering and suspension\nTires and wheels\nLights and reflectors\nEmergency exits\nPassenger area and luggage compartments'),
        intervalDays: 45,
        soonDays: 7,
      }),
    ],
  },
]

export const SERVICE_TEMPLATE_KEYS = SERVICE_TEMPLATES.map((t) => t.key) as unknown as readonly [string, ...string[]]

export function serviceTemplate(key: string): ServiceTemplate | undefined {
  return SERVICE_TEMPLATES.find((t) => t.key === key)
}
