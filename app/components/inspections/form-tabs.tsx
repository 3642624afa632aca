/**
 * The Pre inspections, Inspections and Repair actions tabs of a fleet row (spec section 2):
 * the lists come with the page; each row's info button opens the detail dialog (with print),
 * the print button goes to the print route.
 */
import { useParams } from "@remix-run/react";
import { REPAIR_TEXT } from "#catalog/texts.ts";
import {
  ClipboardCheckIcon,
  ClipboardListIcon,
  WrenchIcon,
} from "lucide-react";
import { Badge } from "#app/components/ui/badge.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import type {
  InspectionView,
  PreInspectionView,
  RepairView,
} from "#app/components/fleet/shared.ts";
import { FormDetailDialog, FormPrintLink } from "./form-detail-dialog.tsx";

/** Until REPAIR_TEXT.waitingForShop (catalog/texts.ts) is merged: a waiting action without a shop. */

function useCompanyId(): string {
  return useParams().companyId ?? "";
}

function StatusBadge({
  ok,
  yes,
  no,
}: {
  ok: boolean;
  yes: string;
  no: string;
}) {
  return <Badge variant={ok ? "success" : "danger"}>{ok ? yes : no}</Badge>;
}

export function PreInspectionsTab({ items }: { items: PreInspectionView[] }) {
  const companyId = useCompanyId();
  if (!items.length) {
    return (
      <EmptyState
        icon={ClipboardListIcon}
        titleAs="p"
        title="No pre-inspections yet"
        description="Drivers of the operating company file a pre-inspection before each trip; they will be listed here."
      />
    );
  }
  return (
    <Table containerProps={{ "aria-label": "Pre inspections" }}>
      <TableHeader>
        <TableRow>
          <TableHead>Status</TableHead>
          <TableHead>Date</TableHead>
          <TableHead>Driver</TableHead>
          <TableHead className="w-24">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((p) => {
          const label = `${p.date.slice(0, 10)}${
            p.driverName ? `, ${p.driverName}` : ""
          }`;
          return (
            <TableRow key={p.id} data-testid={`pre-inspection-${p.id}`}>
              <TableCell>
                <StatusBadge ok={p.isSatisfactory} yes="Ok" no="Defective" />
              </TableCell>
              <TableCell>{p.date.slice(0, 10)}</TableCell>
              <TableCell className="whitespace-normal break-words">
                {p.driverName || "—"}
              </TableCell>
              <TableCell>
                <div className="flex gap-1">
                  <FormDetailDialog
                    kind="pre-inspection"
                    id={p.id}
                    companyId={companyId}
                    label={label}
                  />
                  <FormPrintLink
                    kind="pre-inspection"
                    id={p.id}
                    companyId={companyId}
                    label={label}
                  />
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

export function InspectionsTab({ items }: { items: InspectionView[] }) {
  const companyId = useCompanyId();
  if (!items.length) {
    return (
      <EmptyState
        icon={ClipboardCheckIcon}
        titleAs="p"
        title="No inspections yet"
        description="Periodic inspections filed by mechanics will be listed here."
      />
    );
  }
  return (
    <Table containerProps={{ "aria-label": "Inspections" }}>
      <TableHeader>
        <TableRow>
          <TableHead>Status</TableHead>
          <TableHead>Inspection date</TableHead>
          <TableHead>Inspector</TableHead>
          <TableHead className="w-24">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((i) => {
          const label = `${i.date.slice(0, 10)}${
            i.inspectorName ? `, ${i.inspectorName}` : ""
          }`;
          return (
            <TableRow key={i.id} data-testid={`inspection-${i.id}`}>
              <TableCell>
                <StatusBadge
                  ok={i.isSatisfactory}
                  yes="Satisfactory"
                  no="Unsatisfactory"
                />
              </TableCell>
              <TableCell>{i.date.slice(0, 10)}</TableCell>
              <TableCell className="whitespace-normal break-words">
                {i.inspectorName || "—"}
              </TableCell>
              <TableCell>
                <div className="flex gap-1">
                  <FormDetailDialog
                    kind="inspection"
                    id={i.id}
                    companyId={companyId}
                    label={label}
                  />
                  <FormPrintLink
                    kind="inspection"
                    id={i.id}
                    companyId={companyId}
                    label={label}
                  />
                </div>
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}

export function RepairActionsTab({ items }: { items: RepairView[] }) {
  const companyId = useCompanyId();
  if (!items.length) {
    return (
      <EmptyState
        icon={WrenchIcon}
        titleAs="p"
        title="No repair actions"
        description="A pre-inspection with a defect creates a repair action; it will be listed here."
      />
    );
  }
  return (
    <Table containerProps={{ "aria-label": "Repair actions" }}>
      <TableHeader>
        <TableRow>
          <TableHead>Repair identifier</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Created at</TableHead>
          <TableHead>Repaired at</TableHead>
          <TableHead>Comments</TableHead>
          <TableHead>Repair company</TableHead>
          <TableHead className="w-14">
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((r) => (
          <TableRow key={r.id} data-testid={`repair-${r.id}`}>
            <TableCell className="font-mono text-xs">
              {r.repairIdentifier}
            </TableCell>
            <TableCell>
              {r.isRepaired ? (
                <Badge variant="success">Repaired</Badge>
              ) : (
                <Badge variant="warning">Pending repair</Badge>
              )}
            </TableCell>
            <TableCell>
              <time dateTime={r.createdAt}>{r.createdAtLabel}</time>
            </TableCell>
            <TableCell>
              {r.repairedAt ? (
                <time dateTime={r.repairedAt}>{r.repairedAtLabel}</time>
              ) : (
                "Pending"
              )}
            </TableCell>
            <TableCell className="max-w-xs whitespace-normal break-words">
              {r.comments || "—"}
            </TableCell>
            <TableCell className="whitespace-normal">
              {r.repairCompanyName ?? (
                <span
                  className="text-muted-foreground"
                  title={REPAIR_TEXT.waitingForShopHint}
                >
                  {REPAIR_TEXT.waitingForShop}
                </span>
              )}
            </TableCell>
            <TableCell>
              {r.preInspectionId ? (
                <FormDetailDialog
                  kind="pre-inspection"
                  id={r.preInspectionId}
                  companyId={companyId}
                  label={r.repairIdentifier}
                />
              ) : null}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
