import { VEHICLE_REQUEST_TEXT } from '#catalog/texts.ts'
import { msg } from '#catalog/i18n.ts'

/** The spec's texts (sections 2, 5 and 8), verbatim; the rule texts from the catalogue the domain uses. */
export const REQUEST_PAGE_TEXT = {
  ...VEHICLE_REQUEST_TEXT,
  operatorTitle: msg('Request vehicle'),
  ownerTitle: msg('Pending Vehicle Requests'),
  answeredTitle: msg('Answered vehicle requests'),
  createRequest: msg('Create request'),
  addVehicleRequest: msg('Add vehicle request'),
  sendRequest: msg('Send request'),
  confirmAccept: msg('Are you sure you want to accept this request?'),
  confirmReject: msg('Are you sure you want to reject this request?'),
  confirmCancel: msg('Are you sure you want to cancel this request?'),
  requestSent: msg('Vehicle request sent.'),
  openEnded: msg('Open-ended'),
} as const
