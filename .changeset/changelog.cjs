// Changelog lines for `changeset version`, written for users: @changesets/changelog-git's release lines without
// the commit (it prefixes every entry of a committed changeset with its hash, which the Version Packages pull
// request always has), and ONE "Updated dependencies" entry per release, without hashes. changelog-git writes one
// line per changeset that bumped a dependency, so a package with three bumped dependencies got three identical
// "- Updated dependencies" lines in its first CHANGELOG (measured: harness 0.1.0).
const git = require('@changesets/changelog-git').default;

/** @type {import('@changesets/types').ChangelogFunctions} */
module.exports = {
  getReleaseLine: (changeset, type) => git.getReleaseLine({ ...changeset, commit: undefined }, type),
  async getDependencyReleaseLine(_changesets, dependenciesUpdated) {
    if (dependenciesUpdated.length === 0) return '';
    return [
      '- Updated dependencies',
      ...dependenciesUpdated.map((d) => `  - ${d.name}@${d.newVersion}`),
    ].join('\n');
  },
};
