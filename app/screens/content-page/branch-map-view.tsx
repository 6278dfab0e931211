import { useTranslation } from "~/i18n/use-translation";
import { countryOutlines, mapSize, placedBranches } from "~/screens/content-page/branch-map";

/**
 * The branches on a map of Czechia and Poland, drawn as SVG in the page (no script, no tile server), beside their
 * addresses; one image, named by the towns it shows. A page none of whose addresses names a known town has no map.
 */
export function BranchMap({ sections }: { sections: readonly { id: string; heading: string; html: string }[] }) {
  const { t } = useTranslation();
  const branches = placedBranches(sections);
  if (branches.length === 0) return null;
  return (
    <figure className="branch-map">
      <svg
        viewBox={`0 0 ${mapSize.width} ${mapSize.height}`}
        role="img"
        aria-labelledby="branch-map-title"
        xmlns="http://www.w3.org/2000/svg"
      >
        <title id="branch-map-title">{t("content.branchMap", { branches: branches.map((b) => b.name).join(", ") })}</title>
        <path d={countryOutlines.czechia} className="branch-map__country" />
        <path d={countryOutlines.poland} className="branch-map__country" />
        {branches.map((branch) => (
          <g key={branch.id} className="branch-map__branch">
            <circle cx={branch.x} cy={branch.y} r={7} />
            <text x={branch.x + 11} y={branch.y + 6}>
              {branch.name}
            </text>
          </g>
        ))}
      </svg>
    </figure>
  );
}
