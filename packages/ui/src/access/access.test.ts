import { describe, expect, it } from 'vitest';
import { BUTTON_CODES, findRouteByPath, type PermissionItem } from '@cityops/contract';
import { accessibleRoutes, hasElement, isAdmin, isLoggedIn } from './access.js';

const menu = (id: number, code: string, type = 2): PermissionItem => ({
  id,
  parentId: 0,
  code,
  type,
  name: code,
  url: '',
  sortNum: id,
  icon: '',
  level: 1,
});
const userManage = findRouteByPath('/admin/userManage')?.code ?? '';

describe('the permission checks of §6', () => {
  it('finds an element code in the user element list, and nothing in none', () => {
    const elements = [BUTTON_CODES.userManage.add, 'msg_page'];
    expect(hasElement(elements, 'userManage_add')).toBe(true);
    expect(hasElement(elements, BUTTON_CODES.userManage.delete)).toBe(false);
    expect(hasElement(undefined, 'msg_page')).toBe(false);
  });

  it('counts a user as logged in when a user id exists', () => {
    expect(isLoggedIn({ userId: 1 })).toBe(true);
    expect(isLoggedIn(null)).toBe(false);
    expect(isLoggedIn(undefined)).toBe(false);
  });

  it('raises the admin flag only when the menus open a route', () => {
    expect(isAdmin({ menus: [menu(1, userManage.toUpperCase())] })).toBe(true);
    expect(isAdmin({ menus: [menu(1, 'iotcloud', 0), menu(2, 'no_such_page')] })).toBe(false);
    expect(isAdmin({ menus: [] })).toBe(false);
    expect(isAdmin(null)).toBe(false);
  });

  it('lists each accessible route once, whatever the case of its code', () => {
    expect(accessibleRoutes([menu(1, userManage), menu(2, userManage.toLowerCase())])).toEqual([
      '/admin/userManage',
    ]);
  });
});
