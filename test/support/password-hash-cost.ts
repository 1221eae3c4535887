import { setPasswordHashCostForTests, type PasswordHashCost } from '../../plugins/identity/passwords';

/**
 * The argon2id cost at which the test process hashes passwords and secrets: the least argon2id
 * allows in a lane-sized block of memory, one pass. No test attacks these hashes; at the production
 * cost each one takes a sizeable share of a core, and the suite makes thousands (every test user,
 * every MFA recovery code). test/plugins/identity/password-hashing.test.ts hashes at the production cost.
 */
export const TEST_PASSWORD_HASH_COST: Readonly<PasswordHashCost> = { memoryCost: 64, timeCost: 1 };

export const useTestPasswordHashCost = () => setPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
