// The admin lists' "Show more" button.

import { api, h } from '../http.js';
import { t } from '../i18n.js';
import { pagePath } from './words.js';

// The API's default page size for admin lists.
export const PAGE = 50;

/**
 * A "Show more" button under a list of `PAGE` items: fetches the next page of `path` (the
 * items under `key`) and gives them to `add`; hidden once a page comes back short.
 */
export function moreButton(id, path, key, first, add, msg) {
  let offset = first.length;
  const button = h(`button#${id}`, {
    type: 'button',
    hidden: first.length < PAGE,
    onclick: async () => {
      msg.textContent = '';
      try {
        const r = await api(pagePath(path, PAGE, offset));
        offset += r[key].length;
        add(r[key]);
        button.hidden = r[key].length < PAGE;
      } catch (err) {
        msg.textContent = err.message;
      }
    },
  }, t('admin-show-more'));
  return button;
}
