// Changelog lines for `changeset version`: @changesets/changelog-git's release lines (offline, they name the commit
// that added each changeset), but ONE "Updated dependencies" entry per release. changelog-git writes one line per
// changeset that bumped a dependency, so a package with three bumped dependencies got three identical
// "- Updated dependencies" lines in its first CHANGELOG (measured: harness 0.1.0).
const git = require('@changesets/changelog-git').default;

/** @type {import('@changesets/types').ChangelogFunctions} */
module.exports = {
  getReleaseLine: git.getReleaseLine,
  async getDependencyReleaseLine(changesets, dependenciesUpdated) {
    if (dependenciesUpdated.length === 0) return '';
    const commits = [...new Set(changesets.flatMap((c) => (c.commit ? [c.commit.slice(0, 7)] : [])))];
    const head = `- Updated dependencies${commits.length > 0 ? ` [${commits.join(', ')}]` : ''}`;
    return [head, ...dependenciesUpdated.map((d) => `  - ${d.name}@${d.newVersion}`)].join('\n');
  },
};
