import { useQuery } from '@tanstack/react-query';
import {
  type Ed25519Verify,
  type LiabilityList,
  type ProofCheck,
  type Sha256,
  type SolvencyStatement,
  verifyLiabilityChain,
} from '@vestora/shared';
import { liabilitySnapshotsRoute, liabilityStatementRoute } from '@vestora/shared/routes';
import { callApi, queryKeyOf, routeQuery } from '../client/api.ts';
import { checkHeldStatement, statementHashOf } from './solvency-format.ts';

/** Every published snapshot, newest first, and the key that signed them. Public. */
export function usePublishedLiabilities() {
  return useQuery({
    queryKey: queryKeyOf(liabilitySnapshotsRoute),
    queryFn: ({ signal }) => callApi(liabilitySnapshotsRoute, { signal }),
    select: (answer) => answer.data,
  });
}

/**
 * One snapshot's statement text, verbatim, fetched only once `isWanted` (the list inlines the newest
 * one only). A statement never changes, so it is fetched once. Public.
 */
export function useSnapshotStatement(id: string, isWanted: boolean) {
  return useQuery({
    ...routeQuery(liabilityStatementRoute, { params: { id } }),
    enabled: isWanted,
    staleTime: Number.POSITIVE_INFINITY,
    select: (answer) => answer.data.statement,
  });
}

/** Web Crypto is given copies on their own ArrayBuffer, the form its typings ask for. */
const own = (bytes: Uint8Array) => new Uint8Array(bytes);

/** SHA-256 computed by the browser, not by anything the platform sends. */
export const webSha256: Sha256 = async (data) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', own(data)));

/** Ed25519 verification by the browser's own Web Crypto. */
export const webEd25519: Ed25519Verify = async (publicKey, signature, message) => {
  const key = await crypto.subtle.importKey('raw', own(publicKey), { name: 'Ed25519' }, false, ['verify']);
  return crypto.subtle.verify({ name: 'Ed25519' }, key, own(signature), own(message));
};

/** Why this browser cannot check a proof by itself, or undefined when it can. */
export function missingWebCrypto(): string | undefined {
  return globalThis.crypto?.subtle
    ? undefined
    : 'This browser offers no Web Crypto here (it needs an https:// address), so it cannot check the proof itself. Download the proof and run the standalone verifier instead.';
}

/**
 * Checks the whole published chain in this browser: every signature against the published key (over
 * the statement's SHA-256 too in format 2) and every link to the predecessor's root. A browser
 * without Ed25519 in Web Crypto says so.
 */
export async function checkChainInBrowser(list: LiabilityList): Promise<ProofCheck> {
  const missing = missingWebCrypto();
  if (missing) return { isValid: false, problem: missing };
  try {
    return await verifyLiabilityChain(list, webEd25519, webSha256);
  } catch (error) {
    const isUnsupported = error instanceof DOMException && error.name === 'NotSupportedError';
    return {
      isValid: false,
      problem: isUnsupported
        ? 'This browser cannot check Ed25519 signatures. Download the proof and run the standalone verifier instead.'
        : `The signatures could not be checked: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
}

const checkProblem = (error: unknown) =>
  `The statement could not be checked: ${error instanceof Error ? error.message : String(error)}`;

/**
 * Checks in this browser a statement it holds (the newest snapshot's): its SHA-256 is the
 * snapshot's statement hash, the listed figures are its own, and its sums and ratios follow.
 */
export async function checkStatementInBrowser(
  text: string,
  statement: SolvencyStatement,
  snapshot: Parameters<typeof checkHeldStatement>[2],
): Promise<ProofCheck> {
  const missing = missingWebCrypto();
  if (missing) return { isValid: false, problem: missing };
  try {
    return await checkHeldStatement(text, statement, snapshot, webSha256);
  } catch (error) {
    return { isValid: false, problem: checkProblem(error) };
  }
}

/** Whether a fetched statement text is the one a snapshot's statement hash names; undefined without Web Crypto. */
export async function matchesStatementHash(
  text: string,
  statementHash: string | null,
): Promise<boolean | undefined> {
  if (missingWebCrypto()) return undefined;
  return (await statementHashOf(text, webSha256)) === statementHash;
}
