import type { ServiceImpl } from "@connectrpc/connect";
import { durationFromMs } from "@bufbuild/protobuf/wkt";
import { Environment } from "../../gen/dzb/shop/v1/common_pb";
import type { ShopService } from "../../gen/dzb/shop/v1/shop_service_pb";
import type { Environment as ConfigEnvironment } from "../config";
import type { ApiDeps } from "./deps";

const environments: Record<ConfigEnvironment, Environment> = {
  dev: Environment.DEV,
  test: Environment.TEST,
  preprod: Environment.PREPROD,
  prod: Environment.PROD,
};

/** Build facts of this api process for the info panel; uptime is the Node process's, so a restart shows. */
export function version({ config }: ApiDeps): ServiceImpl<typeof ShopService>["version"] {
  return () => ({
    env: environments[config.env],
    dockerTag: config.build.dockerTag,
    version: config.build.version,
    branch: config.build.branch,
    commit: config.build.commit,
    uptime: durationFromMs(Math.floor(process.uptime() * 1000)),
  });
}
