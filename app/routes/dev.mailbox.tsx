import { redirect, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { MailIcon } from 'lucide-react'
import { Fragment } from 'react'
import { Logo } from '#app/components/logo.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#app/components/ui/card.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#app/components/ui/table.tsx'
import { formatInstant } from '#app/utils/dates.ts'
import { getDb } from '#server/db.server.ts'
import { env } from '#server/env.server.ts'
import { listOutbox, type OutboxStatus } from '#server/mail/list-outbox.server.ts'

export const meta: MetaFunction = () => [{ title: 'Dev mailbox · Operon' }, { name: 'robots', content: 'noindex' }]

/** Local and demo use only: the outbox as a mailbox. Anywhere else it does not exist. */
export async function loader() {
  const e = env()
  if (!e.isLocal) throw redirect('/')
  const messages = await listOutbox(getDb(), 50)
  return {
    smtpConfigured: Boolean(e.SMTP_URL),
    messages: messages.map((m) => ({
      id: m.id,
      to: m.to,
      subject: m.subject,
      text: m.text,
      status: m.status,
      createdAt: m.createdAt.toISOString(),
      sentAt: m.sentAt?.toISOString() ?? null,
      lastError: m.lastError,
    })),
  }
}


const STATUS_VARIANT: Record<OutboxStatus, 'success' | 'warning' | 'danger'> = {
  Sent: 'success',
  Pending: 'warning',
  Failed: 'danger',
}

export default function DevMailbox() {
  const { messages, smtpConfigured } = useLoaderData<typeof loader>()
  return (
    <main className="mx-auto max-w-5xl px-4 py-8">
      <div className="mb-6">
        <Link to="/" aria-label="Operon home">
          <Logo className="text-xl" />
        </Link>
      </div>
      <PageHeader
        title="Dev mailbox"
        description="The last 50 messages in the mail outbox, newest first."
        actions={
          <Button asChild variant="outline">
            <Link to="/dev/mailbox" reloadDocument>
              Refresh
            </Link>
          </Button>
        }
      />
      <Card className="mb-6 border-warning bg-warning/10">
        <CardHeader>
          <CardTitle asChild>
            <h2>Local and demo mode only</h2>
          </CardTitle>
          <CardDescription>
            This page exists only when Operon runs locally or as a demo; in production it redirects to the home
            page.{' '}
            {smtpConfigured
              ? 'SMTP_URL is set, so messages are also delivered by email.'
              : 'SMTP_URL is not set, so nothing is emailed: messages stay here and are printed once to the server log.'}
          </CardDescription>
        </CardHeader>
      </Card>
      {messages.length === 0 ? (
        <EmptyState
          icon={MailIcon}
          title="No messages yet"
          description="Sign-in codes, password reset links and notifications appear here as soon as Operon sends them."
        />
      ) : (
        <Card>
          <CardContent>
            <Table containerProps={{ 'aria-label': 'Outbox messages' }}>
              <TableHeader>
                <TableRow>
                  <TableHead>To</TableHead>
                  <TableHead>Subject</TableHead>
                  <TableHead>Created</TableHead>
                  <TableHead>Status</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {messages.map((m) => (
                  <Fragment key={m.id}>
                    <TableRow className="border-b-0 hover:bg-transparent">
                      <TableCell cell="key" className="font-medium">{m.to}</TableCell>
                      <TableCell label="Subject" className="whitespace-normal">{m.subject}</TableCell>
                      <TableCell label="Created" className="text-muted-foreground">
                        <time dateTime={m.createdAt}>{formatInstant(m.createdAt)}</time>
                      </TableCell>
                      <TableCell label="Status">
                        <Badge
                          variant={STATUS_VARIANT[m.status]}
                          title={m.sentAt ? `Sent ${formatInstant(m.sentAt)}` : (m.lastError ?? undefined)}
                        >
                          {m.status}
                        </Badge>
                      </TableCell>
                    </TableRow>
                    <TableRow className="hover:bg-transparent">
                      <TableCell colSpan={4} cell="full" className="whitespace-normal pt-0 pb-4">
                        {m.lastError ? (
                          <p className="mb-2 text-xs text-danger">Last error: {m.lastError}</p>
                        ) : null}
                        <pre tabIndex={0} className="max-h-80 overflow-auto rounded-md bg-muted p-3 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words">
                          {m.text}
                        </pre>
                      </TableCell>
                    </TableRow>
                  </Fragment>
                ))}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
    </main>
  )
}
