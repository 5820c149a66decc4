/** The provider answered, and its answer is no (an OAuth error, a token that does not hold up). */
export class ProviderRefusal extends Error {}
/** The provider could not be asked (unreachable, too slow, an answer that is not OAuth). */
export class ProviderUnavailable extends Error {}
