import type { Metadata } from "next";
import Link from "next/link";
import { ArrowRight, ScrollText } from "lucide-react";

import { PageHeader } from "@/components/dashboard/page-header";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { describeAudit } from "@/components/team/audit-text";
import { ConfirmButton } from "@/components/ui/confirm-button";
import { InviteDialog } from "@/components/team/invite-dialog";
import { ResendButton } from "@/components/team/resend-button";
import { RoleSelect } from "@/components/team/role-select";
import { roleName } from "@/components/team/roles";
import { LagosTime } from "@/components/transactions/transaction-display";
import { ApiError } from "@/lib/api/errors";
import { ROLE_SUMMARIES, roleCan } from "@/lib/auth/permissions";
import { getDashboardContext } from "@/lib/auth/session";
import type { MembershipRole } from "@/lib/db/generated/enums";
import { listAuditLogs } from "@/lib/team/audit";
import { listOpenInvitations } from "@/lib/team/invitations";
import { listMembers } from "@/lib/team/members";

export const metadata: Metadata = { title: "Team" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
type Member = Awaited<ReturnType<typeof listMembers>>[number];
type Invitation = Awaited<ReturnType<typeof listOpenInvitations>>[number];

export default async function TeamPage({ searchParams }: { searchParams: SearchParams }) {
  const { user, merchant, role } = await getDashboardContext();
  const canManage = roleCan(role, "team:manage");
  const canAudit = roleCan(role, "audit:read");
  const isOwner = roleCan(role, "merchant:transfer");
  const rawCursor = (await searchParams).cursor;
  const cursor = typeof rawCursor === "string" && rawCursor ? rawCursor : undefined;

  const [members, invitations, audit] = await Promise.all([
    listMembers(merchant.id),
    canManage ? listOpenInvitations(merchant.id) : Promise.resolve([]),
    canAudit ? auditPage(merchant.id, cursor) : Promise.resolve(null),
  ]);

  return (
    <>
      <PageHeader
        title="Team"
        description={canManage ? "Invite colleagues and decide what each person can see and do." : "The people who work on this business, and their roles."}
        actions={canManage ? <InviteDialog merchantId={merchant.id} /> : undefined}
      />
      <div className="grid gap-6">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Members</CardTitle>
            <CardDescription>
              Your role: {roleName(role)}. {ROLE_SUMMARIES[role as MembershipRole] ?? ""}
            </CardDescription>
          </CardHeader>
          <CardContent className="px-0 sm:px-0">
            <ul className="divide-y border-t" aria-label="Members">
              {members.map((m) => (
                <MemberRow key={m.id} member={m} merchantId={merchant.id} isSelf={m.userId === user.id} canManage={canManage} isOwner={isOwner} />
              ))}
            </ul>
          </CardContent>
        </Card>

        {canManage ? <InvitationsCard invitations={invitations} merchantId={merchant.id} /> : null}
        {audit ? <AuditCard page={audit} cursor={cursor} /> : null}
      </div>
    </>
  );
}

/** A hand-edited bad cursor shows the first page instead of an error page. */
async function auditPage(merchantId: string, cursor: string | undefined) {
  try {
    return await listAuditLogs(merchantId, { cursor, limit: 20 });
  } catch (error) {
    if (error instanceof ApiError && error.status === 400) return listAuditLogs(merchantId, { limit: 20 });
    throw error;
  }
}

function MemberRow({
  member: m,
  merchantId,
  isSelf,
  canManage,
  isOwner,
}: {
  member: Member;
  merchantId: string;
  isSelf: boolean;
  canManage: boolean;
  isOwner: boolean;
}) {
  const name = `${m.user.firstName} ${m.user.lastName}`.trim();
  const editable = canManage && m.role !== "OWNER";
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-6" data-testid="member-row">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">
          {name} {isSelf ? <span className="text-muted-foreground">(you)</span> : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">{m.user.email}</p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {editable ? (
          <RoleSelect merchantId={merchantId} membershipId={m.id} role={m.role} memberName={name} />
        ) : (
          <Badge variant={m.role === "OWNER" ? "info" : "neutral"}>{roleName(m.role)}</Badge>
        )}
        {isOwner && !isSelf ? (
          <ConfirmButton
            label="Make owner"
            title={`Make ${name} the owner?`}
            description="They get full control, including over you. You stay on the team as an admin. Only they can undo this."
            confirmLabel="Transfer ownership"
            method="POST"
            url={`/api/merchants/${merchantId}/transfer-ownership`}
            body={{ membershipId: m.id }}
            success={`${name} now owns this business`}
            variant="ghost"
          />
        ) : null}
        {editable ? (
          <ConfirmButton
            label={isSelf ? "Leave" : "Remove"}
            title={isSelf ? "Leave this business?" : `Remove ${name}?`}
            description={
              isSelf ? "You lose access at once. Someone will have to invite you again." : `${name} loses access at once. You can invite them again later.`
            }
            confirmLabel={isSelf ? "Leave" : "Remove member"}
            method="DELETE"
            url={`/api/merchants/${merchantId}/members/${m.id}`}
            success={isSelf ? "You left the business" : `${name} was removed`}
            variant="ghost"
            destructive
          />
        ) : null}
      </div>
    </li>
  );
}

function InvitationsCard({ invitations, merchantId }: { invitations: Invitation[]; merchantId: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Pending invitations</CardTitle>
        <CardDescription>Links work once and expire 7 days after they are sent. Resending sends a new link.</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {invitations.length === 0 ? (
          <p className="border-t px-4 py-6 text-sm text-muted-foreground sm:px-6">No pending invitations.</p>
        ) : (
          <ul className="divide-y border-t" aria-label="Pending invitations">
            {invitations.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center gap-3 px-4 py-3 sm:px-6">
                <div className="min-w-0 flex-1">
                  <p className="truncate text-sm font-medium">{i.email}</p>
                  <p className="text-sm text-muted-foreground">
                    {roleName(i.role)} · {i.status === "expired" ? "expired " : "expires "}
                    <LagosTime value={i.expiresAt} />
                  </p>
                </div>
                {i.status === "expired" ? <Badge variant="warning">Expired</Badge> : <Badge variant="neutral">Pending</Badge>}
                <div className="flex gap-2">
                  <ResendButton merchantId={merchantId} invitationId={i.id} email={i.email} />
                  <ConfirmButton
                    label="Revoke"
                    title={`Revoke the invitation to ${i.email}?`}
                    description="The link in their email stops working. You can invite them again later."
                    confirmLabel="Revoke invitation"
                    method="DELETE"
                    url={`/api/merchants/${merchantId}/invitations/${i.id}`}
                    success={`Invitation to ${i.email} revoked`}
                    variant="ghost"
                    destructive
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function AuditCard({ page, cursor }: { page: Awaited<ReturnType<typeof listAuditLogs>>; cursor: string | undefined }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Audit log</CardTitle>
        <CardDescription>Sensitive changes: team, settings, refunds, keys and webhook secrets. Visible to owners and admins.</CardDescription>
      </CardHeader>
      <CardContent className="px-0 sm:px-0">
        {page.data.length === 0 ? (
          <EmptyState className="mx-4 sm:mx-6" icon={<ScrollText />} title="Nothing recorded yet" headingLevel="h3" />
        ) : (
          <ol className="divide-y border-t" aria-label="Audit log">
            {page.data.map((e) => (
              <li key={e.id} className="grid gap-0.5 px-4 py-3 text-sm sm:px-6">
                <p className="font-medium">{describeAudit(e)}</p>
                <p className="text-muted-foreground">
                  {e.actor?.type === "user" ? (e.actor.name ?? "A former user") : e.actor?.type === "apiKey" ? "Secret key" : "Paylink"} ·{" "}
                  <LagosTime value={e.createdAt} />
                  {e.ipAddress ? ` · ${e.ipAddress}` : ""}
                </p>
              </li>
            ))}
          </ol>
        )}
        {cursor || page.nextCursor ? (
          <nav aria-label="Audit log pages" className="flex gap-2 border-t px-4 pt-4 sm:px-6">
            {cursor ? (
              <Button asChild variant="outline" size="sm">
                <Link href="/dashboard/team">Newest</Link>
              </Button>
            ) : null}
            {page.nextCursor ? (
              <Button asChild variant="outline" size="sm">
                <Link href={`/dashboard/team?cursor=${page.nextCursor}`}>
                  Older entries
                  <ArrowRight aria-hidden="true" />
                </Link>
              </Button>
            ) : null}
          </nav>
        ) : null}
      </CardContent>
    </Card>
  );
}
