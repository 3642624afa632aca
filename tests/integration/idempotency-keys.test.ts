/**
 * Idempotency keys on every create-type write (issue 38 point 2): REST `Idempotency-Key` and
 * tRPC `idempotencyKey`. For each door: the same key twice answers the same status and body
 * (REST adds `Idempotent-Replayed: true`) and writes once; the key on another operation or target
 * is 409; a bad key is 400; two concurrent calls with one key write once; a refused write leaves
 * the key free; the daily retention run forgets keys a day old.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/client.ts";
import {
  companies,
  engineHourReadings,
  fleetImports,
  fuelEntries,
  idempotencyRecords,
  joinRequests,
  leaseAgreements,
  leaseSignatures,
  servicePrograms,
  serviceTasks,
  vehicleDocuments,
  vehicleRequests,
  vehicles,
} from "#db/schema/index.ts";
import { SERVICE_TEMPLATE_KEYS } from "#catalog/maintenance-templates.ts";
import { withVinCheckDigit } from "#catalog/vin.ts";
import { runRetention } from "#server/compliance/retention.server.ts";
import { previewFleetImport } from "#server/fleet/import/fleet-import.server.ts";
import { previewFuelImport } from "#server/costs/fuel-import.server.ts";
import type { VinDecodeResult } from "#server/fleet/vin-decode.server.ts";
import { addVehicle } from "#server/fleet/vehicles.server.ts";
import {
  createVehicleRequest,
  respondToVehicleRequest,
} from "#server/fleet/vehicle-requests.server.ts";
import {
  idempotent,
  purgeIdempotencyRecords,
} from "#server/records/idempotency.server.ts";
import { handleRestRequest } from "#server/rest/handler.server.ts";
import { createCallerFactory } from "#server/trpc/init.ts";
import { appRouter } from "#server/trpc/router.ts";
import { ctxFor } from "#tests/helpers/auth.ts";
import { createTestDb, DRIVERS, useAsAppDb } from "#tests/helpers/db.ts";
import {
  actorFor,
  apiTokenFor,
  createCompany,
  createUser,
  grantRole,
  insertVehicle,
} from "#tests/helpers/factory.ts";

let vinSeq = 0;
const nextVin = () =>
  withVinCheckDigit(
    `1HVBTAFM0NK${String(500000 + ((Date.now() % 1000) * 100 + vinSeq++)).slice(
      -6
    )}`
  );
const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const stubDecode = async (vin: string): Promise<VinDecodeResult> =>
  ({
    found: true,
    make: "BLUE BIRD",
    model: "Vision",
    modelYear: 2014,
    numberOfSeats: null,
    fuelType: 1,
    transmissionType: null,
    powertrainType: null,
    checkDigitValid: true,
    errorCodes: ["0"],
    source: "offline",
    vin,
  } as unknown as VinDecodeResult);

/** The tRPC input types name the optional coded fields. */
const NO_CODES = {
  fuelType: undefined,
  transmissionType: undefined,
  powertrainType: undefined,
};

let db: Database;
const ids = {} as {
  owner: number;
  operator: number;
  ownerMgr: number;
  operatorMgr: number;
  joiner: number;
};
const tokens = {} as Record<"ownerMgr" | "operatorMgr" | "joiner", string>;
const key = () => `k-${randomUUID()}`;

interface Answer {
  status: number;
  body: unknown;
  replayed: string | null;
}

async function rest(
  token: string,
  method: string,
  path: string,
  body: unknown,
  idempotencyKey?: string
): Promise<Answer> {
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    "content-type": "application/json",
  };
  if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
  const res = await handleRestRequest(
    new Request(`http://localhost${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    }),
    db,
    "127.0.0.1"
  );
  return {
    status: res.status,
    body: await res.json().catch(() => null),
    replayed: res.headers.get("idempotent-replayed"),
  };
}

/** The first answer, then the same request again: same status and body, the second marked replayed. */
async function twice(
  token: string,
  method: string,
  path: string,
  body: unknown,
  k = key()
): Promise<Answer> {
  const first = await rest(token, method, path, body, k);
  const second = await rest(token, method, path, body, k);
  expect(first.replayed).toBeNull();
  expect(second).toEqual({
    status: first.status,
    body: first.body,
    replayed: "true",
  });
  return first;
}

const caller = async (userId: number) =>
  createCallerFactory(appRouter)({ db, actor: await actorFor(db, userId) });
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any table of the schema
const count = async (table: any, where: SQL | undefined) =>
  Number(
    (
      await db.read
        .select({ n: sql<number>`count(*)` })
        .from(table)
        .where(where)
    )[0]!.n
  );

async function busOf(owner = ids.owner, ownerUser = ids.ownerMgr) {
  return addVehicle(await ctxFor(db, ownerUser), {
    ownerId: owner,
    make: "Blue Bird",
    model: "Vision",
    vin: nextVin(),
    licensePlate: `I-${randomUUID().slice(0, 5)}`,
  });
}

async function code(companyId: number) {
  return (
    await db.read
      .select({ code: companies.code })
      .from(companies)
      .where(eq(companies.id, companyId))
  )[0]!.code;
}

describe.each(DRIVERS)("idempotency keys on %s", (driver) => {
  beforeAll(async () => {
    db = createTestDb(driver);
    useAsAppDb(db);
    ids.owner = (await createCompany(db, "Idem Owner Co", ["Owner"])).id;
    ids.operator = (
      await createCompany(db, "Idem Operator Co", ["Operator"])
    ).id;
    ids.ownerMgr = (
      await createUser(db, { firstName: "Olive", lastName: "Owner" })
    ).id;
    ids.operatorMgr = (
      await createUser(db, { firstName: "Oscar", lastName: "Operator" })
    ).id;
    ids.joiner = (await createUser(db)).id;
    await grantRole(db, ids.ownerMgr, ids.owner, "Owner");
    await grantRole(db, ids.operatorMgr, ids.operator, "Operator");
    tokens.ownerMgr = await apiTokenFor(db, ids.ownerMgr);
    tokens.operatorMgr = await apiTokenFor(db, ids.operatorMgr);
    tokens.joiner = await apiTokenFor(db, ids.joiner);
  });
  afterAll(async () => {
    await db?.close();
  });

  describe("the key itself", () => {
    it("is 1–200 printable characters, else 400 (REST and tRPC); absent = today", async () => {
      const body = {
        ownerId: ids.owner,
        make: "Blue Bird",
        model: "Vision",
        vin: nextVin(),
        licensePlate: "KEY-1",
      };
      for (const bad of ["x".repeat(201), "has space", "tab\there", "é"]) {
        const res = await rest(
          tokens.ownerMgr,
          "POST",
          "/api/Fleet/addVehicle",
          body,
          bad
        ).catch(() => ({ status: 400 } as Answer));
        expect(res.status).toBe(400);
      }
      await expect(
        (
          await caller(ids.ownerMgr)
        ).company.create({
          name: "Bad Key Co",
          types: ["Owner"],
          idempotencyKey: "x".repeat(201),
        })
      ).rejects.toMatchObject({ code: "BAD_REQUEST" });
      expect(await count(vehicles, eq(vehicles.vin, body.vin))).toBe(0);
      // 200 characters are fine; no key: each call writes.
      expect(
        (
          await rest(
            tokens.ownerMgr,
            "POST",
            "/api/Fleet/addVehicle",
            body,
            "y".repeat(200)
          )
        ).status
      ).toBe(201);
      const c = await caller(ids.ownerMgr);
      await c.company.create({ name: "No Key Co", types: ["Owner"] });
      await c.company.create({ name: "No Key Co", types: ["Owner"] });
      expect(await count(companies, eq(companies.name, "No Key Co"))).toBe(2);
    });

    it("the same key on another operation or another target is 409, and writes nothing", async () => {
      const k = key();
      const body = {
        ownerId: ids.owner,
        make: "Blue Bird",
        model: "Vision",
        vin: nextVin(),
        licensePlate: "KEY-2",
      };
      expect(
        (await rest(tokens.ownerMgr, "POST", "/api/Fleet/addVehicle", body, k))
          .status
      ).toBe(201);
      const other = await rest(
        tokens.ownerMgr,
        "POST",
        "/api/Company/create",
        { name: "Reused Key Co", types: ["Owner"] },
        k
      );
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ errors: expect.anything() });
      expect(await count(companies, eq(companies.name, "Reused Key Co"))).toBe(
        0
      );
      await expect(
        (
          await caller(ids.ownerMgr)
        ).company.create({
          name: "Reused Key Co",
          types: ["Owner"],
          idempotencyKey: k,
        })
      ).rejects.toMatchObject({ code: "CONFLICT" });
      // Another owner company (the target) with the same key: 409 too.
      const second = (await createCompany(db, "Idem Second Owner", ["Owner"]))
        .id;
      await grantRole(db, ids.ownerMgr, second, "Owner");
      const moved = await rest(
        tokens.ownerMgr,
        "POST",
        "/api/Fleet/addVehicle",
        { ...body, ownerId: second, vin: nextVin() },
        k
      );
      expect(moved.status).toBe(409);
      // Another user's same key is theirs: no conflict.
      expect(
        (
          await rest(
            tokens.operatorMgr,
            "POST",
            "/api/Company/create",
            { name: "Other User Key Co", types: ["Operator"] },
            k
          )
        ).status
      ).toBe(201);
    });

    it("a refused write keeps nothing: the key stays free for the corrected retry", async () => {
      const k = key();
      const vin = nextVin();
      const refused = await rest(
        tokens.ownerMgr,
        "POST",
        "/api/Fleet/addVehicle",
        {
          ownerId: ids.owner,
          make: "",
          model: "Vision",
          vin,
          licensePlate: "KEY-3",
        },
        k
      );
      expect(refused.status).toBe(400);
      expect(
        await count(
          idempotencyRecords,
          and(
            eq(idempotencyRecords.userId, ids.ownerMgr),
            eq(idempotencyRecords.key, k)
          )
        )
      ).toBe(0);
      const ok = await twice(
        tokens.ownerMgr,
        "POST",
        "/api/Fleet/addVehicle",
        {
          ownerId: ids.owner,
          make: "Blue Bird",
          model: "Vision",
          vin,
          licensePlate: "KEY-3",
        },
        k
      );
      expect(ok.status).toBe(201);
      expect(await count(vehicles, eq(vehicles.vin, vin))).toBe(1);
    });
  });

  describe("each door: the same key twice answers the first result and writes once", () => {
    it("vehicle create (REST, tRPC)", async () => {
      const vin = nextVin();
      const first = await twice(
        tokens.ownerMgr,
        "POST",
        "/api/Fleet/addVehicle",
        {
          ownerId: ids.owner,
          make: "Blue Bird",
          model: "Vision",
          vin,
          licensePlate: "DOOR-1",
        }
      );
      expect(first.status).toBe(201);
      expect(await count(vehicles, eq(vehicles.vin, vin))).toBe(1);

      const c = await caller(ids.ownerMgr);
      const k = key();
      const vin2 = nextVin();
      const input = {
        ownerId: ids.owner,
        make: "Blue Bird",
        model: "Vision",
        vin: vin2,
        licensePlate: "DOOR-2",
        ...NO_CODES,
        idempotencyKey: k,
      };
      const a = await c.fleet.add(input);
      const b = await c.fleet.add(input);
      expect(b).toEqual(JSON.parse(JSON.stringify(a)));
      expect(await count(vehicles, eq(vehicles.vin, vin2))).toBe(1);
    });

    it("vehicle documents upload (REST)", async () => {
      const bus = await busOf();
      const body = [
        {
          vehicleId: bus.id,
          fileName: "permit.pdf",
          contentType: "application/pdf",
          fileContent: PDF.toString("base64"),
        },
      ];
      const first = await twice(
        tokens.ownerMgr,
        "POST",
        "/api/Fleet/uploadVehicleDocument",
        body
      );
      expect(first.status).toBe(200);
      expect(
        await count(vehicleDocuments, eq(vehicleDocuments.vehicleId, bus.id))
      ).toBe(1);
    });

    it("vehicle requests create (REST, tRPC)", async () => {
      const bus = await busOf();
      const today = new Date().toISOString().slice(0, 10);
      const body = {
        vehicleIdentifier: bus.vehicleIdentifier,
        operatorCompanyId: ids.operator,
        startDate: "2099-01-01",
        endDate: null,
      };
      const first = await twice(
        tokens.operatorMgr,
        "POST",
        "/api/VehicleOperator/createRequest",
        body
      );
      expect(first.status).toBe(201);
      expect(
        await count(vehicleRequests, eq(vehicleRequests.vehicleId, bus.id))
      ).toBe(1);

      const bus2 = await busOf();
      const c = await caller(ids.operatorMgr);
      const input = {
        vehicleIdentifier: bus2.vehicleIdentifier,
        operatorCompanyId: ids.operator,
        startDate: today,
        endDate: "2099-12-31",
        idempotencyKey: key(),
      };
      const a = await c.vehicleRequests.create(input);
      expect(await c.vehicleRequests.create(input)).toEqual(
        JSON.parse(JSON.stringify(a))
      );
      expect(
        await count(vehicleRequests, eq(vehicleRequests.vehicleId, bus2.id))
      ).toBe(1);
    });

    it("join requests create (REST, tRPC)", async () => {
      const shop = (await createCompany(db, "Idem Join Operator", ["Operator"]))
        .id;
      const first = await twice(
        tokens.joiner,
        "POST",
        "/api/JoinRequests/create",
        { companyCode: await code(shop), role: "Driver" }
      );
      expect(first.status).toBe(201);
      expect(
        await count(
          joinRequests,
          and(
            eq(joinRequests.companyId, shop),
            eq(joinRequests.userId, ids.joiner)
          )
        )
      ).toBe(1);
      // Without the key, today's answer: already asked.
      expect(
        (
          await rest(tokens.joiner, "POST", "/api/JoinRequests/create", {
            companyCode: await code(shop),
            role: "Driver",
          })
        ).status
      ).toBe(409);

      const other = (await createCompany(db, "Idem Join Shop", ["Operator"]))
        .id;
      const c = await caller(ids.joiner);
      const input = {
        companyCode: await code(other),
        role: "Mechanic",
        idempotencyKey: key(),
      };
      const a = await c.joinRequests.create(input);
      expect(await c.joinRequests.create(input)).toEqual(
        JSON.parse(JSON.stringify(a))
      );
      expect(
        await count(
          joinRequests,
          and(
            eq(joinRequests.companyId, other),
            eq(joinRequests.userId, ids.joiner)
          )
        )
      ).toBe(1);
    });

    it("lease signatures (REST, tRPC): a retry answers the signed lease instead of 409", async () => {
      const lease = async () => {
        const bus = await busOf();
        const today = new Date().toISOString().slice(0, 10);
        const req = await createVehicleRequest(
          await ctxFor(db, ids.operatorMgr),
          {
            vehicleIdentifier: bus.vehicleIdentifier,
            operatorCompanyId: ids.operator,
            startDate: today,
            endDate: null,
          }
        );
        await respondToVehicleRequest(await ctxFor(db, ids.ownerMgr), {
          requestId: req.id,
          approved: true,
        });
        return (
          await db.read
            .select({ id: leaseAgreements.id })
            .from(leaseAgreements)
            .where(eq(leaseAgreements.requestId, req.id))
        )[0]!.id;
      };
      const leaseId = await lease();
      const first = await twice(
        tokens.ownerMgr,
        "PUT",
        "/api/Lease/SignLease",
        { leaseId, side: "Owner", signerName: "Olive Owner" }
      );
      expect(first.status).toBe(200);
      expect(
        await count(leaseSignatures, eq(leaseSignatures.leaseId, leaseId))
      ).toBe(1);
      expect(
        (
          await rest(tokens.ownerMgr, "PUT", "/api/Lease/SignLease", {
            leaseId,
            side: "Owner",
            signerName: "Olive Owner",
          })
        ).status
      ).toBe(409);

      const leaseId2 = await lease();
      const c = await caller(ids.operatorMgr);
      const input = {
        leaseId: leaseId2,
        signerName: "Oscar Operator",
        idempotencyKey: key(),
      };
      const a = await c.leases.sign(input);
      expect(await c.leases.sign(input)).toEqual(JSON.parse(JSON.stringify(a)));
      expect(
        await count(leaseSignatures, eq(leaseSignatures.leaseId, leaseId2))
      ).toBe(1);
    });

    it("the fleet import’s commit (REST, tRPC): the same key answers the first commit, not 409", async () => {
      const HEADER =
        "vehicleIdentifier,make,model,vin,licensePlate,yearBuild,fuelType,licenseExpiry,odometer,gps";
      let vins: string[] = [];
      const csv = () => {
        vins = [nextVin(), nextVin()];
        return (
          [
            HEADER,
            `,IC Bus,CE,${vins[0]},IMP ${vinSeq},2019,Diesel,2031-01-31,1200,Yes`,
            `,IC Bus,CE,${vins[1]},IMP ${
              vinSeq + 1
            },2019,Diesel,2031-01-31,1300,No`,
          ].join("\r\n") + "\r\n"
        );
      };
      const staged = async () =>
        (
          await previewFleetImport(
            await ctxFor(db, ids.ownerMgr),
            { companyId: ids.owner, fileName: "buses.csv", csv: csv() },
            { decode: stubDecode }
          )
        ).id;
      const importId = await staged();
      const firstVins = vins;
      const first = await twice(
        tokens.ownerMgr,
        "POST",
        `/api/Fleet/${ids.owner}/import/${importId}`,
        undefined
      );
      expect(first).toMatchObject({
        status: 200,
        body: { importId, imported: 2 },
      });
      expect(await count(vehicles, inArray(vehicles.vin, firstVins))).toBe(2);
      expect(
        (
          await rest(
            tokens.ownerMgr,
            "POST",
            `/api/Fleet/${ids.owner}/import/${importId}`,
            undefined
          )
        ).status
      ).toBe(409);

      const importId2 = await staged();
      const c = await caller(ids.ownerMgr);
      const input = {
        companyId: ids.owner,
        importId: importId2,
        idempotencyKey: key(),
      };
      const a = await c.fleet.import.commit(input);
      expect(await c.fleet.import.commit(input)).toEqual(
        JSON.parse(JSON.stringify(a))
      );
      expect(
        (
          await db.read
            .select({ status: fleetImports.status })
            .from(fleetImports)
            .where(eq(fleetImports.id, importId2))
        )[0]!.status
      ).toBe("imported");
      // The same key on another import: 409.
      await expect(
        c.fleet.import.commit({ ...input, importId: await staged() })
      ).rejects.toMatchObject({ code: "CONFLICT" });
    });

    it("the fuel card import’s commit (REST, tRPC)", async () => {
      const HEADER =
        "Transaction Date,Time,Card Number,License Plate,Odometer,Gallons,Total Amount,Merchant Name,Full Tank,Driver Name";
      const card = `7083 9${String(Date.now()).slice(-3)} ${String(
        1000 + vinSeq++
      )}`;
      const bus = (
        await insertVehicle(db, ids.owner, {
          fuelCard: card,
          licensePlate: `IDF-${vinSeq}`,
          fuelUnit: "gal",
        })
      ).id;
      const staged = async (odometer: number, date: string) =>
        (
          await previewFuelImport(await ctxFor(db, ids.ownerMgr), {
            companyId: ids.owner,
            fileName: "card.csv",
            csv: `${HEADER}\r\n${date},06:45,${card},,${odometer},50,200.00,Yard,Y,Ann\r\n`,
          })
        ).id;
      const importId = await staged(10000, "2026-11-02");
      const first = await twice(
        tokens.ownerMgr,
        "POST",
        `/api/Fuel/import/${ids.owner}/${importId}/commit`,
        undefined
      );
      expect(first.status).toBe(200);
      expect(await count(fuelEntries, eq(fuelEntries.vehicleId, bus))).toBe(1);

      const importId2 = await staged(10500, "2026-11-05");
      const c = await caller(ids.ownerMgr);
      const input = {
        companyId: ids.owner,
        importId: importId2,
        idempotencyKey: key(),
      };
      const a = await c.fuelImport.commit(input);
      expect(await c.fuelImport.commit(input)).toEqual(
        JSON.parse(JSON.stringify(a))
      );
      expect(await count(fuelEntries, eq(fuelEntries.vehicleId, bus))).toBe(2);
    });

    it("company create (REST, tRPC)", async () => {
      const first = await twice(tokens.joiner, "POST", "/api/Company/create", {
        name: "Idem Created Co",
        types: ["Owner"],
      });
      expect(first.status).toBe(201);
      expect(
        await count(companies, eq(companies.name, "Idem Created Co"))
      ).toBe(1);
      const c = await caller(ids.joiner);
      const input = {
        name: "Idem Created Co 2",
        types: ["Operator" as const],
        idempotencyKey: key(),
      };
      const a = await c.company.create(input);
      expect(await c.company.create(input)).toEqual(
        JSON.parse(JSON.stringify(a))
      );
      expect(
        await count(companies, eq(companies.name, "Idem Created Co 2"))
      ).toBe(1);
    });
  });

  describe("the other creates found: service programs, template copies, service tasks, engine hours", () => {
    it("answer the first result on a repeated key (REST, tRPC) and write once", async () => {
      const programs = async () =>
        Number(
          (
            await db.read
              .select({ n: sql<number>`count(*)` })
              .from(servicePrograms)
              .where(eq(servicePrograms.ownerCompanyId, ids.owner))
          )[0]!.n
        );
      const before = await programs();
      const created = await twice(
        tokens.ownerMgr,
        "POST",
        "/api/Maintenance/createServiceProgram",
        { companyId: ids.owner, name: "Idem PM" }
      );
      expect(created.status).toBe(201);
      const copied = await twice(
        tokens.ownerMgr,
        "POST",
        "/api/Maintenance/copyServiceTemplate",
        { companyId: ids.owner, templateKey: SERVICE_TEMPLATE_KEYS[0] }
      );
      expect(copied.status).toBe(201);
      expect(await programs()).toBe(before + 2);
      const programId = (created.body as { id: number }).id;
      const task = await twice(
        tokens.ownerMgr,
        "POST",
        "/api/Maintenance/addServiceTask",
        { programId, name: "Oil", intervalMiles: 5000 }
      );
      expect(task.status).toBe(201);
      expect(
        await count(serviceTasks, eq(serviceTasks.programId, programId))
      ).toBe(1);
      const c = await caller(ids.ownerMgr);
      const input = {
        programId,
        name: "Brakes",
        intervalMiles: 12000,
        idempotencyKey: key(),
      };
      const a = await c.maintenance.programs.addTask(input);
      expect(await c.maintenance.programs.addTask(input)).toEqual(
        JSON.parse(JSON.stringify(a))
      );
      expect(
        await count(serviceTasks, eq(serviceTasks.programId, programId))
      ).toBe(2);

      const bus = await busOf();
      const hours = await twice(
        tokens.ownerMgr,
        "POST",
        "/api/Fleet/recordEngineHours",
        { vehicleId: bus.id, reading: 1200.5 }
      );
      expect(hours.status).toBe(200);
      expect(
        await count(
          engineHourReadings,
          eq(engineHourReadings.vehicleId, bus.id)
        )
      ).toBe(1);
      const h = { vehicleId: bus.id, reading: 1300, idempotencyKey: key() };
      const x = await c.fleet.recordEngineHours(h);
      expect(await c.fleet.recordEngineHours(h)).toEqual(
        JSON.parse(JSON.stringify(x))
      );
      expect(
        await count(
          engineHourReadings,
          eq(engineHourReadings.vehicleId, bus.id)
        )
      ).toBe(2);
    });
  });

  describe("concurrency and retention", () => {
    it("two concurrent calls with one key write once and answer the same (use case, tRPC, REST)", async () => {
      const ctx = await ctxFor(db, ids.ownerMgr);
      const vin = nextVin();
      const input = {
        ownerId: ids.owner,
        make: "Blue Bird",
        model: "Vision",
        vin,
        licensePlate: "CONC-1",
      };
      const k = key();
      const [a, b] = await Promise.all([
        idempotent(
          ctx,
          { key: k, operation: "fleet.addVehicle:ownerId=" + ids.owner },
          (c) => addVehicle(c, input)
        ),
        idempotent(
          ctx,
          { key: k, operation: "fleet.addVehicle:ownerId=" + ids.owner },
          (c) => addVehicle(c, input)
        ),
      ]);
      expect(a.result).toEqual(b.result);
      expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
      expect(await count(vehicles, eq(vehicles.vin, vin))).toBe(1);

      const c = await caller(ids.ownerMgr);
      const vin2 = nextVin();
      const t = {
        ownerId: ids.owner,
        make: "Blue Bird",
        model: "Vision",
        vin: vin2,
        licensePlate: "CONC-2",
        ...NO_CODES,
        idempotencyKey: key(),
      };
      const [x, y] = await Promise.all([c.fleet.add(t), c.fleet.add(t)]);
      expect(JSON.parse(JSON.stringify(x))).toEqual(
        JSON.parse(JSON.stringify(y))
      );
      expect(await count(vehicles, eq(vehicles.vin, vin2))).toBe(1);

      const vin3 = nextVin();
      const k3 = key();
      const body = {
        ownerId: ids.owner,
        make: "Blue Bird",
        model: "Vision",
        vin: vin3,
        licensePlate: "CONC-3",
      };
      const answers = await Promise.all(
        [1, 2, 3].map(() =>
          rest(tokens.ownerMgr, "POST", "/api/Fleet/addVehicle", body, k3)
        )
      );
      expect(
        new Set(answers.map((r) => JSON.stringify([r.status, r.body]))).size
      ).toBe(1);
      expect(answers.filter((r) => r.replayed === "true")).toHaveLength(2);
      expect(await count(vehicles, eq(vehicles.vin, vin3))).toBe(1);
    });

    it("keys a day old are forgotten by the daily retention run", async () => {
      const k = key();
      await rest(
        tokens.ownerMgr,
        "POST",
        "/api/Company/create",
        { name: "Idem Purge Co", types: ["Owner"] },
        k
      );
      const mine = and(
        eq(idempotencyRecords.userId, ids.ownerMgr),
        eq(idempotencyRecords.key, k)
      );
      expect(await count(idempotencyRecords, mine)).toBe(1);
      expect(
        await purgeIdempotencyRecords(db, new Date(Date.now() + 23 * 3600_000))
      ).toBe(0);
      expect(await count(idempotencyRecords, mine)).toBe(1);
      await runRetention(db, new Date(Date.now() + 25 * 3600_000));
      expect(await count(idempotencyRecords, mine)).toBe(0);
    });
  });
});
