import type { AddressInput } from '@campaign/contract';
import type { ServiceDeps } from '../../platform/services';
import { addAddress } from './add-address';
import { addressDetail } from './address-detail';
import { addressOf } from './address-of';
import { listAddresses } from './list-addresses';
import { regionTree } from './region-tree';
import { removeAddress } from './remove-address';
import { updateAddress } from './update-address';

export { toAddress } from './address';

/** The customer's address book, one use case per file; this only binds them to the module's deps. */
export function createAddressesService(deps: ServiceDeps<'addresses'>) {
  return {
    regionTree,
    list: listAddresses.bind(null, deps),
    detail: addressDetail.bind(null, deps),
    add: addAddress.bind(null, deps),
    update: updateAddress.bind(null, deps),
    remove: removeAddress.bind(null, deps),
    get: addressOf.bind(null, deps),
  };
}
export type AddressesService = ReturnType<typeof createAddressesService>;
export type { AddressInput };
