/**
 * Key pairs of the embedded card-gateway sandbox: the shop signs as the sandbox merchant, the sandbox signs as the
 * gateway. They are public on purpose, like the sandbox keys ČSOB publishes for its integration gateway, and protect
 * nothing: no real gateway knows them. Embedded as text rather than read from .pem files because the server is
 * bundled by esbuild into build/, where files beside the sources do not exist.
 */

/** The sandbox merchant's private key (PKCS#1 PEM): signs the shop's requests. */
export const SANDBOX_MERCHANT_PRIVATE_KEY_PEM = `-----BEGIN RSA PRIVATE KEY-----
MIIEowIBAAKCAQEA3B2qQHdHC1/vzd6Dk1oWRGHeED3MQuBetBIOZppUZQiix64s
++HEGCqg7lxW3dDWtGNj1DS7jfDkKNXPCQxa6AG8N8con6g39x5aYr+Pl+0/nCzO
IrY7gx236yPqrgIaXTT9FogwNekvFZcILsIDpZ09SlUZ+R6G2Lwe7TzQDEMSbaTN
o301YwqZSwyOtzophg4gdgrWqe+DGODLLulKQ983l1sB7mAh2G0F3zU6k9dXj1y6
swLNCyAXsrip5AkXc1zDE0f5jScD/TQJOgtMb1RguxCtcKzosFkl822tqWOXRICg
yS5qA4G6HRSaKOTGLNRbP/dg2/1bJ8B7lzJjGQIDAQABAoIBAF3iZUij13CZld34
R6Sk6xR1rdK9mQ75RkuF3BCVSOPjIBMNTnCM5ifsnsGsLvzjY4CDWAQeDdVH5vkn
4OuaEngcrVwZHVGj3WMQ1jqCPEvvzI7faXjSw2V0Wor3wdRAX2BcBosCwZVtBUEv
LzVKWWXdQFQhIjfodlmhO4uywYZIluTTzjzH8opZ2eMud/v55qJQwUvm5gx8BYoN
rj0i4Xki0o4oBMpodcFjnYl+SJCT3f36nRd5YQ7yRz+Km5pToiQ9ybpJaDhKr7jo
KvminbK0Jic42wAP6sBYeJlqX4yN2D2F7h4JODPlFjHgPjxF/Teb6y1F9tekdT/R
6rUxyiUCgYEA72vNKJRxQ/FXrn+vLqiG9OTtOtq+S+cHpYIXvoJOOFch7mGb4VtH
3yj9T/pkH3YAgsUvB/RbH/4HDdi7KBQjhlCqwDtLyaqd7VQ0j2mIXgxk00u0/FaD
12aBzszXvGUy9R9H3FT8QWSy52FZzO79GtO9kEfJQEpm3hmQxQ7jxMMCgYEA61uk
PTCeeMzPf3D6mimNkZ6+abCUt+91ufHJ5gc3Vykr/lUbt6nEq/zuDuIilg7TK/7u
+2VsCrfzXnBHM7hwuynuVi7SfChLarfV1Z5PTZ62gdZXpqdFbFGfplV1MWSY64bk
iIXSi2i8LRtpLrhQXvHPeHO5MaJTivbXLPKFCvMCgYA1yU8OtcJ4VAixsAeoAL5I
2AEffrLPlHhYS1CQQO/XomOCDTWavAn6bVfzFrpVgwn8VtYJAHFUT5pAFxd8moGc
lBS4GNoe1RCjl44zRa8YCcrA2TowkjMOOf4hek1hCo8XGE7phcIh4sB6UJl++5Wq
6DSm7CmfItfXP4ERdBXhRwKBgQDiWedx5fFy8l7ZDRom67G4i/hLA0V0RLtvUme/
b888Z19lIgsfLwnz8rQs4jUrJiTX2j2Sz+8Bu/o2KDuCNW9Nwbzza+KI/+PQRe9E
nBVe7DZQVolDwPmWfEXTnbqw/zPGyJu/5RwhcWAQ7ZzSDvdU6LCFAp7oalp4en9l
PfTQGwKBgBGLnvm5baos3TRWyOvCy6zjtErJ2T2GHOdi/EK/Jx3R9jYYEV361Srg
7Ope2TC+RMRSxyxtVQZkSgzD7CSWZ+uMZWqiLbpIUkxkqwxfekA2SfO6H50CRzzG
6ndIXfhGX3Af6XP8In7NdY+JfZOdNF905Zpqg3R/l95bvUF0/vo1
-----END RSA PRIVATE KEY-----
`;

/** The sandbox merchant's public key (SPKI PEM): the sandbox gateway checks the shop's requests with it. */
export const SANDBOX_MERCHANT_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA3B2qQHdHC1/vzd6Dk1oW
RGHeED3MQuBetBIOZppUZQiix64s++HEGCqg7lxW3dDWtGNj1DS7jfDkKNXPCQxa
6AG8N8con6g39x5aYr+Pl+0/nCzOIrY7gx236yPqrgIaXTT9FogwNekvFZcILsID
pZ09SlUZ+R6G2Lwe7TzQDEMSbaTNo301YwqZSwyOtzophg4gdgrWqe+DGODLLulK
Q983l1sB7mAh2G0F3zU6k9dXj1y6swLNCyAXsrip5AkXc1zDE0f5jScD/TQJOgtM
b1RguxCtcKzosFkl822tqWOXRICgyS5qA4G6HRSaKOTGLNRbP/dg2/1bJ8B7lzJj
GQIDAQAB
-----END PUBLIC KEY-----
`;

/** The sandbox gateway's private key (PKCS#1 PEM): signs the sandbox's answers and returns. */
export const SANDBOX_GATEWAY_PRIVATE_KEY_PEM = `-----BEGIN RSA PRIVATE KEY-----
MIIEpAIBAAKCAQEAvPpoqSg/jaRi8ELnphhabfZLgMJazG0eL6iLhLVjjhNBB8OC
0bfSsUgZXSG2d2tQRAiU3Ane+10fsxsKDlCOjeCTGhGBqRy4lUL6q0Xa+8UN5of3
ZQ+3kkiY1YX8T+gN8rUbzx1BXt9LfxBgQDbEmthG2mP4P07rAKilHOccVyhr2zjk
5T3Aws9UqUaF3y9c95uxMuykdlH9UVhMv8Xxc9BiwtmFUHr8a4gmuB2ZlqyYdHZ5
L8PFH6xI9xVgkjDpoIX5AWQOikXes6r7QWffeIPj9PQZCeHCP1KAPJ+LhXcBAKo/
oNp1BaTdDNF9GIWkR6D0wt0eFM3bcDIDpc6SRwIDAQABAoIBAF0VtV75SdDBs9Bo
DEXGwihfBNLgKSx/5ToReeO9G1Q8zK//0FzwAJK9kmzK8d+B1zAjz/tQy2qidL5a
58mkSYu+HoddLzJ3SL6RFvstdg/FATNYLvazVrdyFgI7NMzBX7l5F0EeRnhuYfgt
P1PyBkbFmKTzUDES9PPGnkoN1upg0E5UzX4UQj8ZwYt2VXFosvO8yPIgTPWzLdr3
rO7kI4wvh37Sg/+ULJa6yw1kFHmcylEvcO14gf9tsMLz3xtZy+0HBG9kqvYazJKz
vNYB0ZvSZU48OvXDyqVQdsMuPBmh/yDRAcpxFc4D2d73JRG6+OA2Fgqx0Mxle/XY
Q6RTyaUCgYEA5ppalj9hI76PwAcpcNblSTwWyRRjPT69+kAWh6aLQWAy3uF+EUaS
xHkc6Jarsx57vYS/DfFTMuVdZlLaVWSIakftzvk8/kMAonouIIUcBnJVDs5NsK1g
HEeJ9s3iT8Z4AgcLnT9QuExQYLFEz7fSlJvh3kC6MFM79DIh3IBzJA0CgYEA0cp7
IAfqzEco5Bq6woUxhrKajACZHshEq2S7/NHhXLEJsKrhYGkdvgtI/WD4E7bFLM7x
ViZxfs2bW+vnMFh6cL1uieWx5DlIjXpPnLQJJEHYlxuTPiD/+Ug7FKKHE1eyLn+e
q0yJKQnPDnMudzsmQkzPVL0ZUT1CdJCKLfgblqMCgYB5Rj/RuG87vyIWWS3gHAPl
aeaJxWETeoWqsD2pBVtC/HaEZI5KQ5U4IoGjiGmv/54P41oe2QVqRNnD0FrmgcKE
MmPMb6M2DMKusBbGH3rHoSU+bhzJh8R92tmhpFEap0PBvTbMcdnfsrKqx09q9j+W
zAwTOHMyqvNiz2KjdiIXmQKBgQDO4zWlEum0ZoCm4s1Gw39h7ISIiJZ4Studgov4
+Smb9WMu/HWiVEdmgU6LwbMkDdxJIhPR97t5Z15MukmV3ctxnv6BsylJfkxUaUhV
qx5QyTbFXgZJANYuidLpuJYotxUa0fQxzhp9hBTTlTc/ke9a9tCIKqvq99Svi1MZ
nlHmrQKBgQCfjegWXmVr5Gv3oby/8fiZuizqof4+dG1enzS4lmYb0M4Psc+vLTy1
CqOISZHgt7s4QBifhuyBPmv7oXuZuptXHOnn2fjHnWqRWq5lBHhTW64PIHTrmvd/
rOoi/THkQjAlqof6jHtz4xKGa9Orae2SK/2m0rYJGdrIngVfOiF8OA==
-----END RSA PRIVATE KEY-----
`;

/** The sandbox gateway's public key (SPKI PEM): the shop checks the sandbox's answers with it. */
export const SANDBOX_GATEWAY_PUBLIC_KEY_PEM = `-----BEGIN PUBLIC KEY-----
MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAvPpoqSg/jaRi8ELnphha
bfZLgMJazG0eL6iLhLVjjhNBB8OC0bfSsUgZXSG2d2tQRAiU3Ane+10fsxsKDlCO
jeCTGhGBqRy4lUL6q0Xa+8UN5of3ZQ+3kkiY1YX8T+gN8rUbzx1BXt9LfxBgQDbE
mthG2mP4P07rAKilHOccVyhr2zjk5T3Aws9UqUaF3y9c95uxMuykdlH9UVhMv8Xx
c9BiwtmFUHr8a4gmuB2ZlqyYdHZ5L8PFH6xI9xVgkjDpoIX5AWQOikXes6r7QWff
eIPj9PQZCeHCP1KAPJ+LhXcBAKo/oNp1BaTdDNF9GIWkR6D0wt0eFM3bcDIDpc6S
RwIDAQAB
-----END PUBLIC KEY-----
`;
