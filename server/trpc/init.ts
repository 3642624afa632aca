import { initTRPC, TRPCError } from '@trpc/server'
import { z } from 'zod'
import type { UseCaseContext } from '../context/use-case-context.ts'
import { isAppError } from '../errors.ts'
import { databaseFaultAnswer, databaseFaultOf, isStorageFull, STORAGE_FULL_MESSAGE } from '../context/request-scope.server.ts'
import { translateFieldErrors, translateForRequest } from '../i18n/messages.server.ts'
import { invalidInput } from '../validation.ts'
import { requireUser } from '../access/policy.ts'

export type TrpcContext = UseCaseContext

const t = initTRPC.context<TrpcContext>().create({
  // The widgets show tRPC's messages in the page's language (decision 074); REST stays English.
  errorFormatter({ shape, error }) {
    const cause = error.cause
    const fieldErrors = isAppError(cause) && cause.fieldErrors ? cause.fieldErrors : null
    return {
      ...shape,
      message: isAppError(cause) ? cause.messageIn(translateForRequest) : translateForRequest(shape.message),
      data: {
        ...shape.data,
        stack: undefined,
        fieldErrors: fieldErrors && translateFieldErrors(fieldErrors),
      },
    }
  },
})

/**
 * Use cases throw AppError; tRPC clients get the matching tRPC code and the
 * same message. An input refused by a procedure's schema (the use case's own)
 * is reported as the use case would: the same 400 with the same field errors.
 */
const appErrors = t.middleware(async ({ next }) => {
  const result = await next()
  if (result.ok) return result
  const cause = result.error.cause instanceof z.ZodError ? invalidInput(result.error.cause) : result.error.cause
  if (isAppError(cause)) throw new TRPCError({ code: cause.trpcCode, message: cause.message, cause })
  if (isStorageFull(cause)) {
    // A full disk is said plainly; the door answers 507 (decision 020).
    throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: STORAGE_FULL_MESSAGE, cause })
  }
  const fault = databaseFaultOf(cause)
  if (fault) throw databaseFaultError(fault, cause)
  return result
})

/** A database fault as tRPC says it (decision 071): SERVICE_UNAVAILABLE (503) or PAYLOAD_TOO_LARGE (413), the doors' message. */
export function databaseFaultError(fault: NonNullable<ReturnType<typeof databaseFaultOf>>, cause: unknown): TRPCError {
  const code = fault === 'unavailable' ? 'SERVICE_UNAVAILABLE' : 'PAYLOAD_TOO_LARGE'
  return new TRPCError({ code, message: databaseFaultAnswer(fault).message, cause })
}

/**
 * The input of a procedure whose use case validates with rules that need the
 * database (e.g. the company's today): typed here, checked once, there.
 */
export function checkedByUseCase<T>() {
  return (input: unknown) => input as T
}

export const router = t.router
export const createCallerFactory = t.createCallerFactory

export const publicProcedure = t.procedure.use(appErrors)

/** Signed in (session cookie or bearer token). */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  const actor = requireUser(ctx.actor)
  return next({ ctx: { ...ctx, actor } })
})

export { TRPCError }
