/** A state as the contract names it (`PAID`), the key its texts are under. */
export type ContractName<Names> = Exclude<keyof Names, "UNSPECIFIED">;

/** The contract's name of a state; UNSPECIFIED, or one unknown to this build, has none. */
export function contractName<Names extends Record<string, string | number>>(
  names: Names,
  value: number
): ContractName<Names> | null {
  const name = (names as Record<number, string | undefined>)[value];
  return name === undefined || name === "UNSPECIFIED" ? null : (name as ContractName<Names>);
}
