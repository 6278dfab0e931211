import { createContext, useContext } from "react";

/** The per-request CSP nonce, handed from entry.server to every script tag. */
const NonceContext = createContext<string>("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
