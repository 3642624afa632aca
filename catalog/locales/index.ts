/**
 * Every Spanish catalog, by namespace (decision 074): the server's view. A page's loader sends
 * the browser only its own namespaces (`app/utils/i18n.server.ts`), so `app/` never imports
 * this file (lint). `common` goes to every page (the root's loader): the shell and the labels
 * several areas show; its parts are kept by area. `server` and `mail` never go to a browser:
 * the texts the server writes itself (errors, toasts, emails, PDFs' server-made parts).
 */
import activity from './activity.ts'
import auth from './auth.ts'
import commonFleet from './common-fleet.ts'
import commonInspections from './common-inspections.ts'
import commonPeople from './common-people.ts'
import commonPreTrip from './common-pre-trip.ts'
import commonShell from './common-shell.ts'
import compliance from './compliance.ts'
import costsCatalog from './costs-catalog.ts'
import costsFuel from './costs-fuel.ts'
import costsImport from './costs-import.ts'
import costsRepair from './costs-repair.ts'
import costsReports from './costs-reports.ts'
import dashboard from './dashboard.ts'
import driversCatalog from './drivers-catalog.ts'
import driversDue from './drivers-due.ts'
import driversFiles from './drivers-files.ts'
import driversHours from './drivers-hours.ts'
import driversTests from './drivers-tests.ts'
import fleet from './fleet.ts'
import inspections from './inspections.ts'
import maintenanceDue from './maintenance-due.ts'
import maintenancePrograms from './maintenance-programs.ts'
import maintenanceService from './maintenance-service.ts'
import meters from './meters.ts'
import calendar from './calendar.ts'
import mail from './mail.ts'
import people from './people.ts'
import preTrip from './pre-trip.ts'
import profile from './profile.ts'
import repairs from './repairs.ts'
import requests from './requests.ts'
import server from './server.ts'
import webhooks from './webhooks.ts'

/** Preventive maintenance (decision 084): one namespace, its parts kept by file. */
const maintenance = { ...maintenancePrograms, ...maintenanceDue, ...maintenanceService, ...meters, ...calendar }

/** Running costs (decision 085): one namespace, its parts kept by file. */
const costs = { ...costsCatalog, ...costsRepair, ...costsFuel, ...costsImport, ...costsReports }

/** The operator's driver records (decision 086): one namespace, its parts kept by file. */
const drivers = { ...driversCatalog, ...driversFiles, ...driversTests, ...driversHours, ...driversDue }

const common = { ...commonShell, ...commonFleet, ...commonInspections, ...commonPeople, ...commonPreTrip }

export const SPANISH = { activity, auth, common, compliance, costs, dashboard, drivers, fleet, inspections, maintenance, mail, people, preTrip, profile, repairs, requests, server, webhooks }
export type Namespace = keyof typeof SPANISH
export const NAMESPACES = Object.keys(SPANISH) as Namespace[]

/** The parts of `common`, by file (the catalog test checks they do not disagree). */
export const COMMON_PARTS = { commonShell, commonFleet, commonInspections, commonPeople, commonPreTrip }
