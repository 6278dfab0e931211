import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  it("runs on the embedded defaults with no environment at all", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ role: "all", port: 3000, env: "dev", dataDir: ".data", databaseUrl: undefined });
    expect(config.apiUrl).toBe("http://127.0.0.1:3000/api");
  });

  it("names the company that runs the shop as configured, with invented demo data unless told", () => {
    expect(loadConfig({}).operator).toMatchObject({ name: "Ukázková společnost s.r.o.", companyId: "00000000" });
    const operator = loadConfig({
      OPERATOR_NAME: "Hotely s.r.o.",
      OPERATOR_STREET: "Dlouhá 5",
      OPERATOR_TOWN: "602 00 Brno",
      OPERATOR_COMPANY_ID: "27074358",
      OPERATOR_REGISTER: "C 56789",
      OPERATOR_VAT_ID_CZ: "CZ27074358",
      OPERATOR_VAT_ID_PL: "PL5252248481",
    }).operator;
    expect(operator).toEqual({
      name: "Hotely s.r.o.",
      street: "Dlouhá 5",
      town: "602 00 Brno",
      companyId: "27074358",
      register: { section: "C", entry: "56789" },
      vatIds: { CZK: "CZ27074358", PLN: "PL5252248481" },
    });
    for (const [name, wrong] of [
      ["OPERATOR_COMPANY_ID", "1234"],
      ["OPERATOR_REGISTER", "vložka 56789"],
      ["OPERATOR_VAT_ID_PL", "5252248481"],
    ]) {
      expect(() => loadConfig({ [name!]: wrong }), name).toThrow(name);
    }
  });

  it("lists every problem at once", () => {
    try {
      loadConfig({ PORT: "nope", ROLE: "boss", DATABASE_URL: "not a url" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems.join("\n");
      expect(problems).toMatch(/PORT/);
      expect(problems).toMatch(/ROLE/);
      expect(problems).toMatch(/DATABASE_URL/);
    }
  });

  it("trusts the loopback's X-Forwarded-For unless told which forwarders to trust, and checks what it is told", () => {
    expect(loadConfig({}).apiTrustedForwarders).toEqual(["127.0.0.0/8", "::1/128"]);
    expect(loadConfig({ API_TRUSTED_FORWARDERS: " 10.0.0.0/8, 2001:db8::1 " }).apiTrustedForwarders).toEqual([
      "10.0.0.0/8",
      "2001:db8::1",
    ]);
    for (const wrong of ["10.0.0.0/33", "proxy.internal", "10.0.0.1/8/8", "::1/129", "10.0.0.0/x", "true", "1"]) {
      expect(() => loadConfig({ API_TRUSTED_FORWARDERS: wrong }), wrong).toThrow(
        `API_TRUSTED_FORWARDERS: \`${wrong}\` is not an address or CIDR network; list those of the web tier and of any proxy`
      );
    }
  });

  it("trusts the proxies in front of the web tier by their number or their addresses, and none unless told", () => {
    for (const none of [undefined, "", " ", "0", "false"]) expect(loadConfig({ TRUST_PROXY: none }).trustProxy).toBe(0);
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: " 2 " }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 2001:db8::1" }).trustProxy).toEqual(["10.0.0.0/8", "2001:db8::1"]);
  });

  it("refuses TRUST_PROXY=true, which would trust any client's X-Forwarded-For, and says what to write instead", () => {
    for (const everyone of ["true", "yes", "TRUE"]) {
      expect(() => loadConfig({ TRUST_PROXY: everyone }), everyone).toThrow(
        `TRUST_PROXY: \`${everyone}\` would trust any client's X-Forwarded-For; write the number of proxies in front of ` +
          "the web tier (e.g. 1) or their addresses (e.g. 10.0.0.0/8), or 0 for none"
      );
    }
    for (const wrong of ["proxy.internal", "1, 10.0.0.1", "10.0.0.0/33", "-1", "1.5"]) {
      expect(() => loadConfig({ TRUST_PROXY: wrong }), wrong).toThrow(
        `TRUST_PROXY: \`${wrong}\` is neither a number of proxies nor a list of addresses; write the number of proxies`
      );
    }
  });

  it("uses secure cookies in preprod and prod only", () => {
    const prodCredentials = {
      BOOKING_API_TOKEN: "token",
      BOOKING_AFFILIATE_ID: "1234567",
      BANK_ACCOUNT_CZK: "19-2000145399/0800",
      BANK_ACCOUNT_PLN: "61109010140000071219812874",
      ...gatewayCredentials,
      ...prodServices,
      ORDER_KEY_SECRET: orderKeySecret,
    };
    expect(loadConfig({ ENV: "prod", ...prodCredentials }).secureCookies).toBe(true);
    expect(loadConfig({ ENV: "preprod" }).secureCookies).toBe(true);
    expect(loadConfig({ ENV: "test" }).secureCookies).toBe(false);
  });

  it("takes real money only through configured gateways in production, and never half a gateway's settings", () => {
    const prod = { ENV: "prod", BOOKING_API_TOKEN: "token", BOOKING_AFFILIATE_ID: "1234567" };
    const banks = { BANK_ACCOUNT_CZK: "19-2000145399/0800", BANK_ACCOUNT_PLN: "61109010140000071219812874" };
    expect(() => loadConfig({ ...prod, ...banks })).toThrow(/CSOB_API_URL: is required when ENV is prod/);
    expect(() => loadConfig({ ...prod, ...banks, ...gatewayCredentials, PLUXEE_SHARED_SECRET: "" })).toThrow(
      /PLUXEE_API_URL, PLUXEE_MERCHANT_ID, PLUXEE_SHARED_SECRET are set together/
    );
    expect(loadConfig(prodWeb).gateways.csob).toBeUndefined();
    const configured = loadConfig({ ...gatewayCredentials, CSOB_GATEWAY_PUBLIC_KEY: "-----BEGIN-----\\nkey" });
    expect(configured.gateways.csob?.gatewayPublicKeyPem).toBe("-----BEGIN-----\nkey");
    expect(configured.gateways.edenred?.apiUrl).toBe("https://edenred.example/api");
    expect(loadConfig({ PORT: "3100" }).gateways).toMatchObject({
      csob: undefined,
      sandboxUrl: "http://127.0.0.1:3100/sandbox-gateway",
    });
  });

  it("refuses to book real rooms with the simulator or half a credential pair", () => {
    expect(() => loadConfig({ ENV: "prod" })).toThrow(/BOOKING_API_TOKEN: is required when ENV is prod/);
    expect(loadConfig(prodWeb).booking.apiToken).toBeUndefined();
    expect(() => loadConfig({ BOOKING_API_TOKEN: "token" })).toThrow(/set together/);
    expect(() => loadConfig({ BOOKING_AFFILIATE_ID: "1234567" })).toThrow(/set together/);
    expect(loadConfig({}).booking.apiToken).toBeUndefined();
  });

  it("has valid sample bank accounts until production names its own", () => {
    expect(loadConfig({}).bank).toEqual({
      czk: {
        currency: "CZK",
        display: "2000145399/2010",
        iban: "CZ9320100000002000145399",
        recipientName: "DZB Benefit Travel",
      },
      pln: {
        currency: "PLN",
        display: "61 1090 1014 0000 0712 1981 2874",
        iban: "PL61109010140000071219812874",
        recipientName: "DZB Benefit Travel",
      },
    });
    const own = loadConfig({
      BANK_ACCOUNT_CZK: "19-2000145399/0800",
      BANK_ACCOUNT_PLN: "PL92 1240 1234 0001 5678 9012 3456",
      BANK_RECIPIENT_NAME: "Travel s.r.o.",
    }).bank;
    expect(own.czk).toMatchObject({ iban: "CZ6508000000192000145399", recipientName: "Travel s.r.o." });
    expect(own.pln).toMatchObject({
      iban: "PL92124012340001567890123456",
      display: "92 1240 1234 0001 5678 9012 3456",
    });
  });

  it("refuses to start with a bank account whose check digits are wrong, or with the samples in production", () => {
    expect(() => loadConfig({ BANK_ACCOUNT_CZK: "2000145398/2010" })).toThrow(/BANK_ACCOUNT_CZK: .*mod 11/);
    expect(() => loadConfig({ BANK_ACCOUNT_PLN: "62109010140000071219812874" })).toThrow(/BANK_ACCOUNT_PLN: .*NRB/);
    expect(() => loadConfig({ BANK_RECIPIENT_NAME: " " })).toThrow(/BANK_RECIPIENT_NAME/);
    const prod = { ENV: "prod", BOOKING_API_TOKEN: "token", BOOKING_AFFILIATE_ID: "1234567" };
    expect(() => loadConfig(prod)).toThrow(/BANK_ACCOUNT_CZK: is required when ENV is prod/);
    expect(() => loadConfig({ ...prod, ROLE: "worker" })).toThrow(/BANK_ACCOUNT_PLN: is required when ENV is prod/);
    // The web tier never shows an account itself: it gets them from the api.
    expect(() => loadConfig(prodWeb)).not.toThrow();
  });

  it("refuses to run production on the embedded defaults: PGlite, e-mails as files, localhost, the api on loopback", () => {
    const services = ["DATABASE_URL", "SMTP_URL", "API_URL", "DOMAIN_CZ", "DOMAIN_PL", "DOMAIN_WL_PLUXEE_CZ"];
    const missingIn = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems
          .filter((problem) => problem.endsWith(": is required when ENV is prod"))
          .map((problem) => problem.split(":")[0])
          .filter((key) => services.includes(key!));
      }
    };
    const domains = ["DOMAIN_CZ", "DOMAIN_PL", "DOMAIN_WL_PLUXEE_CZ"];
    expect(missingIn({ ENV: "prod", ROLE: "api" })).toEqual(["DATABASE_URL"]);
    expect(missingIn({ ENV: "prod", ROLE: "worker" })).toEqual(["DATABASE_URL", "SMTP_URL"]);
    expect(missingIn({ ENV: "prod", ROLE: "web" })).toEqual(["API_URL", ...domains]);
    expect(missingIn({ ENV: "prod", ROLE: "migrate" })).toEqual(["DATABASE_URL"]);
    // One process calls its own api in memory (decision 023): it needs no API_URL.
    expect(missingIn({ ENV: "prod", ROLE: "all" })).toEqual(["DATABASE_URL", "SMTP_URL", ...domains]);
    for (const role of ["api", "worker", "web", "all"]) {
      expect(missingIn({ ENV: "prod", ROLE: role, ...prodServices, API_URL: "http://api:3000/api" }), role).toEqual([]);
      expect(missingIn({ ENV: "preprod", ROLE: role }), role).toEqual([]);
    }
  });

  it("lets the one-shot migration run in production with nothing but its database", () => {
    const migrate = loadConfig({ ENV: "prod", ROLE: "migrate", DATABASE_URL: "postgres://shop@db:5432/shop" });
    expect(migrate.role).toBe("migrate");
    expect(() => loadConfig({ ENV: "prod", ROLE: "migrate" })).toThrow(/DATABASE_URL: is required when ENV is prod/);
  });

  it("derives orders' owner keys from a secret production names, of at least 32 characters", () => {
    const ownerKeyProblems = (env: Record<string, string>) => {
      try {
        loadConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.filter((problem) => problem.startsWith("ORDER_KEY_SECRET"));
      }
    };
    // The api hands the keys out and checks them, the worker writes them into e-mails; the web tier never sees one.
    for (const role of ["api", "worker", "all"]) {
      expect(ownerKeyProblems({ ENV: "prod", ROLE: role }), role).toEqual([
        "ORDER_KEY_SECRET: is required when ENV is prod",
      ]);
      expect(ownerKeyProblems({ ENV: "prod", ROLE: role, ORDER_KEY_SECRET: orderKeySecret }), role).toEqual([]);
    }
    expect(ownerKeyProblems({ ENV: "prod", ROLE: "web" })).toEqual([]);
    expect(ownerKeyProblems({ ORDER_KEY_SECRET: "short" })).toEqual([
      "ORDER_KEY_SECRET: must be at least 32 characters",
    ]);
    expect(loadConfig({ ORDER_KEY_SECRET: orderKeySecret }).orderKeySecret).toBe(orderKeySecret);
    // Outside production a known secret serves: nothing there is anyone's real order.
    expect(loadConfig({}).orderKeySecret.length).toBeGreaterThanOrEqual(32);
  });

  it("migrates on a direct connection when told one, and on DATABASE_URL's otherwise", () => {
    const pooled = "postgres://shop@pgbouncer.internal:6432/shop";
    const direct = "postgres://shop@db.internal:5432/shop";
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_MIGRATION_URL: direct }).databaseMigrationUrl).toBe(direct);
    expect(loadConfig({ DATABASE_URL: pooled }).databaseMigrationUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_MIGRATION_URL: direct })).toThrow(/DATABASE_MIGRATION_URL: .*not set/);
  });

  it("drains for 5 s on SIGTERM in preprod and prod, behind their load balancers, and not at all elsewhere unless told", () => {
    expect(loadConfig({ ENV: "preprod" }).shutdownDrainMs).toBe(5_000);
    expect(loadConfig({ ENV: "dev" }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ENV: "test" }).shutdownDrainMs).toBe(0);
    expect(loadConfig({ ENV: "preprod", SHUTDOWN_DRAIN_MS: "15000" }).shutdownDrainMs).toBe(15_000);
    expect(loadConfig({ ENV: "dev", SHUTDOWN_DRAIN_MS: "2000" }).shutdownDrainMs).toBe(2_000);
    expect(() => loadConfig({ SHUTDOWN_DRAIN_MS: "-1" })).toThrow(/SHUTDOWN_DRAIN_MS:/);
  });

  it("keeps what it keeps only for a while for the retention's days, each with a default of at least one", () => {
    expect(loadConfig({}).retentionDays).toEqual({ availability: 7, preview: 30, doneJob: 90, deadJob: 365 });
    const set = loadConfig({
      RETENTION_AVAILABILITY_DAYS: "2",
      RETENTION_PREVIEW_DAYS: "14",
      RETENTION_DONE_JOB_DAYS: "30",
      RETENTION_DEAD_JOB_DAYS: "60",
    });
    expect(set.retentionDays).toEqual({ availability: 2, preview: 14, doneJob: 30, deadJob: 60 });
    for (const key of ["RETENTION_AVAILABILITY_DAYS", "RETENTION_PREVIEW_DAYS", "RETENTION_DONE_JOB_DAYS"]) {
      expect(() => loadConfig({ [key]: "0" }), key).toThrow(new RegExp(`${key}:`));
    }
  });

  it("imports bank statements only from where it is told, Fio's with its token, every five minutes unless told", () => {
    expect(loadConfig({}).bankImport).toEqual({ statementDir: undefined, fio: undefined, everyMs: 300_000 });
    const set = loadConfig({
      BANK_STATEMENT_DIR: "/data/statements",
      FIO_API_TOKEN: "token",
      FIO_API_URL: "http://127.0.0.1:9000/v1/rest",
      BANK_IMPORT_INTERVAL_SECONDS: "60",
      FIO_DAYS: "30",
    });
    expect(set.bankImport).toEqual({
      statementDir: "/data/statements",
      fio: { token: "token", baseUrl: "http://127.0.0.1:9000/v1/rest", days: 30 },
      everyMs: 60_000,
    });
    expect(loadConfig({ FIO_API_TOKEN: "token" }).bankImport.fio).toEqual({ token: "token", baseUrl: undefined, days: 14 });
    // Fio answers one call per token in 30 seconds, and asks for strong authorisation beyond 90 days.
    expect(() => loadConfig({ BANK_IMPORT_INTERVAL_SECONDS: "10" })).toThrow(/BANK_IMPORT_INTERVAL_SECONDS:/);
    expect(() => loadConfig({ FIO_DAYS: "91" })).toThrow(/FIO_DAYS:/);
  });

  it("sizes the database pool and its deadlines, each with a default", () => {
    expect(loadConfig({})).toMatchObject({
      databasePool: { poolSize: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 },
      databasePingTimeoutMs: 2_000,
    });
    const set = loadConfig({
      DATABASE_POOL_SIZE: "4",
      DATABASE_CONNECT_TIMEOUT_MS: "1000",
      DATABASE_STATEMENT_TIMEOUT_MS: "30000",
      DATABASE_PING_TIMEOUT_MS: "500",
    });
    expect(set.databasePool).toEqual({ poolSize: 4, connectTimeoutMs: 1_000, statementTimeoutMs: 30_000 });
    expect(set.databasePingTimeoutMs).toBe(500);
    for (const [key, wrong] of [
      ["DATABASE_POOL_SIZE", "0"],
      ["DATABASE_POOL_SIZE", "1000"],
      ["DATABASE_CONNECT_TIMEOUT_MS", "soon"],
      ["DATABASE_STATEMENT_TIMEOUT_MS", "0"],
      ["DATABASE_PING_TIMEOUT_MS", "-1"],
    ]) {
      expect(() => loadConfig({ [key!]: wrong }), `${key}=${wrong}`).toThrow(new RegExp(`${key}:`));
    }
  });

  it("logs at info and serves no metrics unless told, and never its metrics on the visitors' port", () => {
    expect(loadConfig({})).toMatchObject({ logLevel: "info", metricsPort: undefined });
    expect(loadConfig({ METRICS_PORT: "" }).metricsPort).toBeUndefined();
    expect(loadConfig({ LOG_LEVEL: "silent", METRICS_PORT: "9464" })).toMatchObject({
      logLevel: "silent",
      metricsPort: 9464,
    });
    expect(() => loadConfig({ LOG_LEVEL: "verbose" })).toThrow(/LOG_LEVEL:/);
    expect(() => loadConfig({ METRICS_PORT: "70000" })).toThrow(/METRICS_PORT:/);
    expect(() => loadConfig({ PORT: "3000", METRICS_PORT: "3000" })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});

/** The services production's roles need besides credentials: its database, mail server and hosts. */
const prodServices = {
  DATABASE_URL: "postgres://shop@db.internal:5432/shop",
  SMTP_URL: "smtp://mail.internal:587",
  DOMAIN_CZ: "www.dovolenazabenefity.cz",
  DOMAIN_PL: "www.wakacjezabenefity.pl",
  DOMAIN_WL_PLUXEE_CZ: "pluxee.dovolenazabenefity.cz",
};

const orderKeySecret = "a production secret of at least 32 characters";

/** A web tier in production, which calls the api over HTTP. */
const prodWeb = { ENV: "prod", ROLE: "web", API_URL: "http://api:3000/api", ...prodServices };

const gatewayCredentials = {
  CSOB_API_URL: "https://iapi.iplatebnibrana.csob.cz/api/v1.9",
  CSOB_MERCHANT_ID: "M1MIPS1234",
  CSOB_MERCHANT_PRIVATE_KEY: "-----BEGIN RSA PRIVATE KEY-----",
  CSOB_GATEWAY_PUBLIC_KEY: "-----BEGIN PUBLIC KEY-----",
  PLUXEE_API_URL: "https://pluxee.example/api",
  PLUXEE_MERCHANT_ID: "shop",
  PLUXEE_SHARED_SECRET: "secret",
  EDENRED_API_URL: "https://edenred.example/api",
  EDENRED_MERCHANT_ID: "shop",
  EDENRED_SHARED_SECRET: "secret",
};
