import "../styles/organizer.css";
import "../styles/reviews.css";
import { RankingPage } from "../features/reviews/ranking-page";
import { mount } from "../lib/mount";

mount("admin-ranking", RankingPage);
