/**
 * S11 Manifest (2-cockpit.md §1): the lazy mantaray fork walker. The root reference comes from the form or from
 * `:inspect <ref>` / `:manifest <ref>`; forks expand with Enter and only the shown nodes are fetched
 * (core/cockpit/manifest-tree.ts). Each row shows its path piece, and once its node is loaded its content type,
 * file name and entry reference; the selected row's full path, node and entry references show below the tree.
 */
import { isEdgeNode, isValueNode, visibleNodes, type LoadedNode, type ManifestTree, type TreeNode } from '../manifest-tree.js';
import { oneLine, shortHex } from '../text.js';
import type { ScreenContent } from '../view/screen-contract.js';
import type { Section, TreeSection } from '../view/view-model.js';

export interface ManifestScreenInput {
  /** What the root field holds (typed, or set by a command). */
  readonly rootInput: string;
  /** Why the typed root was refused, one line. */
  readonly inputError: string | null;
  readonly tree: ManifestTree | null;
  /** The root node could not be fetched or is no manifest. */
  readonly rootError: string | null;
  /** Index of the selected tree row. */
  readonly selected: number | null;
}

const FEED_KEYS = ['swarm-feed-owner', 'swarm-feed-topic', 'swarm-feed-type'];

function describeMetadata(metadata: Readonly<Record<string, string>> | null): string[] {
  if (!metadata) return [];
  const parts: string[] = [];
  const type = metadata['Content-Type'];
  const name = metadata['Filename'];
  if (type) parts.push(oneLine(type, 60));
  if (name) parts.push(oneLine(name, 80));
  if (metadata['website-index-document']) parts.push(`index ${oneLine(metadata['website-index-document'], 60)}`);
  if (metadata['website-error-document']) parts.push(`error page ${oneLine(metadata['website-error-document'], 60)}`);
  if (metadata['swarm-feed-owner']) parts.push(`feed of 0x${shortHex(metadata['swarm-feed-owner'])}, topic ${shortHex(metadata['swarm-feed-topic'] ?? '')}`);
  const known = new Set(['Content-Type', 'Filename', 'website-index-document', 'website-error-document', ...FEED_KEYS]);
  const others = Object.keys(metadata).filter((k) => !known.has(k));
  if (others.length) parts.push(`+${others.length} metadata`);
  return parts;
}

export function rowDetail(node: TreeNode): string | null {
  if (node.load === 'failed') return `cannot load: ${node.error ?? 'unknown error'}`;
  const parts = describeMetadata(node.metadata);
  if (node.entry) parts.push(`→ ${shortHex(node.entry)}`);
  else if (node.load === 'loaded' && node.children && node.children.length > 0 && !isValueNode(node)) parts.push(`${node.children.length} fork${node.children.length === 1 ? '' : 's'}`);
  return parts.length ? parts.join(' · ') : null;
}

export function manifestRows(tree: ManifestTree | null): TreeNode[] {
  return tree ? visibleNodes(tree) : [];
}

export function renderManifest(input: ManifestScreenInput): ScreenContent {
  const sections: Section[] = [
    {
      kind: 'form',
      id: 'root',
      title: null,
      fields: [
        {
          id: 'root',
          label: 'Root reference',
          value: input.rootInput,
          placeholder: '64 or 128 hex characters (a /bzz reference)',
          ...(input.inputError ? { error: input.inputError } : {}),
        },
      ],
      submitLabel: 'Walk',
    },
  ];
  const tree = input.tree;
  if (!tree) return { status: 'ready', subtitle: 'enter a root reference, or :inspect <ref>', sections, drill: null };

  const rows = manifestRows(tree);
  const rootNode = tree.nodes['']!;
  const treeSection: TreeSection = {
    kind: 'tree',
    id: 'manifest',
    title: `Manifest ${shortHex(tree.root)}`,
    rows: rows.map((node) => ({
      key: node.key,
      depth: node.depth,
      label: node.prefixText === '' ? '(empty prefix)' : oneLine(node.prefixText, 120),
      detail: rowDetail(node),
      expandable: isEdgeNode(node),
      expanded: node.expanded,
      loading: node.load === 'loading',
      ...(node.load === 'failed' ? { tone: 'fail' as const } : isValueNode(node) ? {} : { tone: 'info' as const }),
    })),
    selectable: true,
    emptyText: rootNode.load === 'loading' ? 'fetching the root node…' : rootNode.load === 'failed' ? `not read: ${rootNode.error ?? 'the root could not be fetched'}` : 'the manifest has no entries',
  };
  sections.push(treeSection);
  const failedFork = rows.find((node) => node.load === 'failed');
  if (failedFork) {
    const count = rows.filter((node) => node.load === 'failed').length;
    sections.push({ kind: 'text', id: 'failed-hint', title: null, lines: [{ text: `${count} fork${count === 1 ? '' : 's'} could not be loaded (${oneLine(failedFork.error ?? 'unknown error', 80)}): Enter on it retries; :durability <ref> tells whether the network still has it`, tone: 'fail' }] });
  }
  const selected = input.selected === null ? undefined : rows[input.selected];
  if (selected) {
    sections.push({
      kind: 'facts',
      id: 'node',
      title: 'Selected',
      rows: [
        { label: 'path', value: oneLine(selected.pathText, 200) },
        { label: 'node', value: selected.reference ? shortHex(selected.reference) : '—', ...(selected.reference ? { full: selected.reference } : {}) },
        { label: 'entry', value: selected.entry ? shortHex(selected.entry) : selected.load === 'loaded' ? 'none (directory)' : '—', ...(selected.entry ? { full: selected.entry } : {}) },
        ...Object.entries(selected.metadata ?? {}).slice(0, 12).map(([k, v]) => ({ label: oneLine(k, 40), value: oneLine(v, 200) })),
      ],
    });
  }
  const loading = Object.values(tree.nodes).filter((n) => n.load === 'loading').length;
  const status = input.rootError ? 'error' : rootNode.load === 'loading' ? 'loading' : 'ready';
  const subtitle = input.rootError
    ? input.rootError
    : `${Object.values(tree.nodes).filter((n) => n.load === 'loaded').length} nodes fetched${loading ? `, ${loading} loading` : ''}`;
  return { status, subtitle, sections, drill: null };
}

/** What the machine sends the loader. */
export type LoaderRequest = { readonly type: 'load'; readonly key: string; readonly reference: string };

/** What the loader sends back. */
export type LoaderEvent =
  | { readonly type: 'node.loaded'; readonly key: string; readonly node: LoadedNode }
  | { readonly type: 'node.failed'; readonly key: string; readonly error: string; readonly notManifest: boolean };
