/** The form intent of the lease page (`/leases/{leaseId}`), shared by the page and the action. */

export const LEASE_INTENT = { sign: 'sign' } as const
