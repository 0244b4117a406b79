import type { Role } from '@shared/access/roles';
import type { User } from '@shared/access/users';

export const roles: Role[] = [
  { Id: 1, Name: 'Admin', UsedBy: 1 },
  { Id: 2, Name: 'User', UsedBy: 2 },
  { Id: 3, Name: 'Viewer', UsedBy: 1 },
];

/** A user as `GET users/customer/{id}` answers it. */
export const userFixture = (Id: number, Email: string, Role = 'User', CustomerId = 3): User => ({
  Id,
  Email,
  Role,
  RoleId: roles.find((r) => r.Name === Role)?.Id ?? 2,
  CustomerId,
  Customer: 'Atlas Freight',
  IsReseller: false,
  Features: [],
});
