/** The id pattern of share links (the gateway's ckQuery uses the same). */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

export interface ShareIds {
  promoterId: string;
  agentId: string;
}

/** The promoter and agent ids of a share link's query, or null when either is missing or malformed. */
export function readShareIds(params: URLSearchParams): ShareIds | null {
  const promoterId = params.get('promoterId') ?? '';
  const agentId = params.get('agentId') ?? '';
  return SHARE_ID_PATTERN.test(promoterId) && SHARE_ID_PATTERN.test(agentId) ? { promoterId, agentId } : null;
}

/** The query string carrying the ids (`promoterId=…&agentId=…`). */
export const shareQuery = ({ promoterId, agentId }: ShareIds) =>
  new URLSearchParams({ promoterId, agentId }).toString();
